import {
  Button,
  Card,
  CloseButton,
  EmptyState,
  Group,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SHEET_STATUSES } from '@shared/domain/testing';
import type { Sheet } from '@shared/schemas/testruns';
import { IconClipboardList, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Dimmable, TableSkeleton } from '../../../kit/ListPage/ListPage';
import { Pager } from '../../../kit/ListPage/Pager';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { sheetListQueryOptions } from '../../../queries/testsheets';
import { UserChip } from '../work-items/WorkItemBadges';
import { ResultBar, SheetStatusBadge } from './ResultBadges';
import { formatPassRate } from './result-counts';

const PAGE_SIZE = 10;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const STATE_FILTERS = [
  { value: 'all', label: 'All' },
  ...SHEET_STATUSES.map((status) => ({ value: String(status.id), label: status.name })),
];

interface SheetOverviewProps {
  projectId: string;
  onOpen: (sheet: Sheet) => void;
  onCreate: () => void;
}

/** Every sheet of the project in a table (state, owner, sprint, results, pass rate), or an invitation. */
export function SheetOverview({ projectId, onOpen, onCreate }: SheetOverviewProps) {
  const { can } = useCurrentEnterprise();
  const [state, setState] = useState('all');
  const [pageNum, setPageNum] = useState(1);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 300);
  const { data: page, isPlaceholderData } = useQuery(
    sheetListQueryOptions({
      pmsProjectId: projectId,
      status: state === 'all' ? undefined : Number(state),
      keyword: keyword || undefined,
      pageNum,
      pageSize: PAGE_SIZE,
    }),
  );
  const filtered = state !== 'all' || keyword !== '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at its first page
  useEffect(() => setPageNum(1), [keyword]);

  if (page && page.total === 0 && !filtered) {
    return (
      <Card>
        <EmptyState
          py={64}
          icon={<IconClipboardList size={32} />}
          title="No test sheets yet"
          description="A test sheet is a round of testing: pick cases from the library, run them and record what happened. Reports are made from sheets."
          data-testid="sheets-empty"
        >
          {can('test:sheet:add') && (
            <EmptyState.Actions>
              <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
                Create a test sheet
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Card>
    );
  }

  return (
    <Card p={0}>
      <Group justify="space-between" p="md" pb="xs" gap="sm">
        <Group gap="xs" align="baseline">
          <Title order={2} fz="lg">
            All test sheets
          </Title>
          {page && (
            <Text size="sm" c="dimmed">
              {page.total} {filtered ? 'shown' : 'in total'}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <TextInput
            size="xs"
            w={200}
            placeholder="Search sheets"
            aria-label="Search sheets"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            rightSection={
              search ? (
                <CloseButton size="xs" aria-label="Clear search" onClick={() => setSearch('')} />
              ) : null
            }
          />
          <SegmentedControl
            size="xs"
            aria-label="Sheet state"
            data={STATE_FILTERS}
            value={state}
            onChange={(value) => {
              setState(value);
              setPageNum(1);
            }}
          />
        </Group>
      </Group>
      {!page ? (
        <TableSkeleton label="Loading test sheets" />
      ) : page.rows.length === 0 ? (
        <EmptyState
          py={48}
          icon={<IconSearch size={28} />}
          title="No sheet matches"
          description="Change or clear the filters to see more."
        />
      ) : (
        <Dimmable dimmed={isPlaceholderData}>
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing={10} highlightOnHover data-testid="sheet-overview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th style={NOWRAP}>Status</Table.Th>
                  <Table.Th style={NOWRAP}>Owner</Table.Th>
                  <Table.Th style={NOWRAP}>Sprint</Table.Th>
                  <Table.Th w={220}>Results</Table.Th>
                  <Table.Th style={NOWRAP} ta="right">
                    Pass rate
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page.rows.map((sheet) => (
                  <Table.Tr
                    key={sheet.id}
                    style={{ cursor: 'pointer' }}
                    onClick={(event) => {
                      if ((event.target as HTMLElement).closest('a')) return;
                      onOpen(sheet);
                    }}
                    data-testid={`sheet-row-${sheet.id}`}
                  >
                    <Table.Td maw={320}>
                      <Text
                        size="sm"
                        fw={600}
                        component="a"
                        href="#"
                        c="var(--mantine-color-text)"
                        truncate
                        display="block"
                        onClick={(event) => {
                          event.preventDefault();
                          onOpen(sheet);
                        }}
                      >
                        {sheet.name}
                      </Text>
                    </Table.Td>
                    <Table.Td style={NOWRAP}>
                      <SheetStatusBadge status={sheet.status} size="sm" />
                    </Table.Td>
                    <Table.Td maw={160}>
                      <UserChip user={sheet.owner} empty="—" />
                    </Table.Td>
                    <Table.Td maw={160}>
                      <Text size="sm" c={sheet.sprintName ? undefined : 'dimmed'} truncate>
                        {sheet.sprintName ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <div style={{ flex: 1 }}>
                          <ResultBar counts={sheet.counts} size="sm" />
                        </div>
                        <Text size="xs" c="dimmed" style={NOWRAP}>
                          {sheet.counts.total - sheet.counts.notExecuted}/{sheet.counts.total}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>
                      <Text size="sm" fw={600}>
                        {formatPassRate(sheet.counts)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <div style={{ padding: 'var(--mantine-spacing-md)', paddingTop: 'var(--mantine-spacing-xs)' }}>
            <Pager
              total={page.total}
              pageNum={pageNum}
              pageSize={PAGE_SIZE}
              noun="sheets"
              onChange={setPageNum}
            />
          </div>
        </Dimmable>
      )}
    </Card>
  );
}
