import {
  Box,
  Button,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconFolder, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
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

export function ListHeading({ title, count, action }: { title: string; count?: number; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="center">
      <Group gap="xs" align="baseline">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {count !== undefined && (
          <Text c="dimmed" size="sm">
            {count} in total
          </Text>
        )}
      </Group>
      {action}
    </Group>
  );
}

export function TableSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" p="md" aria-busy aria-label={label}>
      {[0, 1, 2, 3, 4].map((key) => (
        <Skeleton key={key} h={32} />
      ))}
    </Stack>
  );
}

export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <EmptyState
      py={48}
      title={`The ${what} could not be loaded`}
      description="Check your connection and try again."
    >
      <EmptyState.Actions>
        <Button variant="default" onClick={onRetry}>
          Try again
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** Rows dimmed while the next page or filter loads over them. */
export function Dimmable({ dimmed, children }: { dimmed: boolean; children: ReactNode }) {
  return (
    <div style={{ opacity: dimmed ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={dimmed}>
      {children}
    </div>
  );
}

export function Pager({
  total,
  pageNum,
  pageSize,
  noun,
  onChange,
}: {
  total: number;
  pageNum: number;
  pageSize: number;
  noun: string;
  onChange: (pageNum: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (pageNum - 1) * pageSize + 1;
  const last = Math.min(total, pageNum * pageSize);
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {total === 0 ? '' : `${first}–${last} of ${total} ${noun}`}
      </Text>
      {pages > 1 && (
        <Pagination total={pages} value={pageNum} onChange={onChange} aria-label={`Pages of ${noun}`} />
      )}
    </Group>
  );
}

/**
 * The empty list when the product has items but none shows: filters hide them (`filtered`), or
 * the selected module holds none.
 */
export function NothingShown({
  filtered,
  noMatch,
  emptyModule,
  testId,
}: {
  filtered: boolean;
  noMatch: string;
  emptyModule: string;
  testId: string;
}) {
  return (
    <EmptyState
      py={56}
      icon={filtered ? <IconSearch size={28} /> : <IconFolder size={28} />}
      title={filtered ? noMatch : emptyModule}
      description={
        filtered ? 'Change or clear the filters to see more.' : 'Pick another module, or all modules.'
      }
      data-testid={testId}
    />
  );
}
