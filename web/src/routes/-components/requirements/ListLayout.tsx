import { Box, Button, Group, Paper } from '@mantine/core';
import { IconFolder, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { KeywordFilter } from '../../../kit/FilterBar/FilterBar';
import { ListPage, type ListQueryState, NoMatch, NothingYet } from '../../../kit/ListPage/ListPage';
import { Pager } from '../../../kit/ListPage/Pager';
import { ModuleTree } from '../products/ModuleTree';

/** The module tree on the left, the list on the right (stacked on narrow screens). */
export function WithModuleTree({
  productId,
  moduleId,
  onModuleChange,
  children,
}: {
  productId: string;
  moduleId: string | undefined;
  onModuleChange: (moduleId: string | undefined) => void;
  children: ReactNode;
}) {
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Paper withBorder p="xs" w={{ base: '100%', md: 210 }} style={{ flexShrink: 0 }} aria-label="Modules">
        <ModuleTree
          productId={productId}
          selectedId={moduleId ?? null}
          onSelect={(id) => onModuleChange(id ?? undefined)}
          editable
        />
      </Paper>
      <Box style={{ flex: 1, minWidth: 0 }} miw={{ base: '100%', md: 0 }}>
        {children}
      </Box>
    </Group>
  );
}

interface RequirementListPageProps {
  productId: string;
  search: { keyword?: string; moduleId?: string; pageNum?: number };
  onSearchChange: (change: { keyword?: string; moduleId?: string; pageNum?: number }) => void;
  /** "Requirement specs", "User requirements". */
  title: string;
  /** Plural for the pager and the empty states: "specs", "user requirements". */
  noun: string;
  /** Singular for "No … matches": "spec". */
  one: string;
  query: ListQueryState;
  page: { total: number; pageSize: number; rows: unknown[] } | undefined;
  pageNum: number;
  onPageSizeChange: (size: number) => void;
  filtered: boolean;
  filters: ReactNode;
  batchBar?: ReactNode;
  /** "New spec" and what it opens; absent without the permission. */
  create?: { label: string; onClick: () => void };
  nothingYet: { icon: ReactNode; description: string };
  testId: string;
  children: ReactNode;
}

/** A product's requirement list (specs or user requirements): module tree, the kit's list page, paging. */
export function RequirementListPage({
  productId,
  search,
  onSearchChange,
  title,
  noun,
  one,
  query,
  page,
  pageNum,
  onPageSizeChange,
  filtered,
  filters,
  batchBar,
  create,
  nothingYet,
  testId,
  children,
}: RequirementListPageProps) {
  const nothingAtAll = page !== undefined && page.total === 0 && !filtered && !search.moduleId;
  const createButton = create && (
    <Button leftSection={<IconPlus size={16} />} onClick={create.onClick}>
      {create.label}
    </Button>
  );
  return (
    <WithModuleTree
      productId={productId}
      moduleId={search.moduleId}
      onModuleChange={(moduleId) => onSearchChange({ moduleId })}
    >
      <ListPage
        title={title}
        count={page && !filtered && !search.moduleId ? page.total : undefined}
        actions={
          !nothingAtAll && (
            <Group gap="sm">
              <KeywordFilter value={search.keyword} onChange={(keyword) => onSearchChange({ keyword })} />
              {createButton}
            </Group>
          )
        }
        filters={!nothingAtAll && filters}
        batchBar={batchBar}
        query={{ ...query, isError: query.isError && !page }}
        isEmpty={!page || page.rows.length === 0}
        empty={
          nothingAtAll ? (
            <NothingYet
              icon={nothingYet.icon}
              title={`No ${title.toLowerCase()} yet`}
              description={nothingYet.description}
              action={createButton}
              testId={testId}
            />
          ) : (
            <NoMatch
              icon={filtered ? undefined : <IconFolder size={28} />}
              title={filtered ? `No ${one} matches` : `No ${noun} in this module`}
              description={filtered ? undefined : 'Pick another module, or all modules.'}
              testId={testId}
            />
          )
        }
        footer={
          page &&
          page.total > 0 && (
            <Pager
              total={page.total}
              pageNum={pageNum}
              pageSize={page.pageSize}
              noun={noun}
              onChange={(next) => onSearchChange({ pageNum: next })}
              onPageSizeChange={(size) => {
                onPageSizeChange(size);
                onSearchChange({ pageNum: undefined });
              }}
            />
          )
        }
      >
        {children}
      </ListPage>
    </WithModuleTree>
  );
}
