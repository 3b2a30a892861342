import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { StatusSegments } from '../FilterBar/FilterBar';
import { Dimmable, NoMatch, NothingYet } from './ListPage';
import { Pager } from './Pager';
import { useStepBackFromEmptyPage } from './use-step-back';

const COLS = { base: 1, md: 2, xl: 3 } as const;

/**
 * A list shown as cards (plans, sprints, projects): skeleton cards while loading, the empty state
 * in a card, else a line that says how many and the grid of cards, dimmed while the next page
 * loads.
 */
export function CardList({
  what,
  loading,
  dimmed,
  isEmpty,
  empty,
  summary,
  cols = COLS,
  testId,
  footer,
  children,
}: {
  /** "plans": the skeleton's "Loading plans". */
  what: string;
  loading: boolean;
  dimmed: boolean;
  isEmpty: boolean;
  empty: ReactNode;
  /** "3 plans, by end date". */
  summary?: ReactNode;
  cols?: Record<string, number>;
  testId: string;
  /** The pager. */
  footer?: ReactNode;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <SimpleGrid cols={cols} spacing="md" aria-busy aria-label={`Loading ${what}`}>
        {[0, 1, 2].map((key) => (
          <Card key={key} h={200}>
            <Stack gap="sm">
              <Skeleton h={22} w="60%" />
              <Skeleton h={14} w="40%" />
              <Skeleton h={14} />
              <Skeleton h={8} mt="lg" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  if (isEmpty) return <Card py={0}>{empty}</Card>;
  return (
    <Stack gap="sm">
      {summary && (
        <Text size="sm" c="dimmed">
          {summary}
        </Text>
      )}
      <Dimmable dimmed={dimmed}>
        <SimpleGrid cols={cols} spacing="md" data-testid={testId}>
          {children}
        </SimpleGrid>
      </Dimmable>
      {footer}
    </Stack>
  );
}

/**
 * A page of cards filtered by status (a product's plans, a project's sprints): the status segments
 * with the page's buttons, the cards (or "no <one> …" for a status, or nothing yet), and the pager.
 * A page left empty by a delete steps back to the last page there is.
 */
export function StatusCardPage<S extends string>({
  statusLabel,
  statuses,
  status,
  onStatusChange,
  actions,
  page,
  dimmed,
  pageNum,
  onPageChange,
  one,
  many,
  noMatch,
  nothingYet,
  emptyTestId,
  summary,
  testId,
  children,
  dialogs,
}: {
  /** "Filter by plan status". */
  statusLabel: string;
  statuses: { value: S | 'all'; label: string }[];
  status: S | undefined;
  /** A new status, or none ("Show all"): the URL's search, from page 1. */
  onStatusChange: (status: S | undefined) => void;
  /** Right of the segments: "New plan", links. */
  actions?: ReactNode;
  page: { rows: unknown[]; total: number; pageSize: number } | undefined;
  dimmed: boolean;
  pageNum: number;
  /** Another page; `replace` when a page left empty steps back. */
  onPageChange: (pageNum: number | undefined, replace: boolean) => void;
  /** "plan", "plans". */
  one: string;
  many: string;
  /** The empty state of a status with no cards: "No plan has this status". */
  noMatch: { title: string; description: string };
  nothingYet: Omit<ComponentProps<typeof NothingYet>, 'testId'>;
  emptyTestId: string;
  /** After "3 plans": ", by end date". */
  summary: string;
  testId: string;
  /** The cards. */
  children: ReactNode;
  /** The page's modals, after the cards. */
  dialogs?: ReactNode;
}) {
  useStepBackFromEmptyPage(page, pageNum, (next) => onPageChange(next, true));
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <StatusSegments label={statusLabel} data={statuses} value={status} onChange={onStatusChange} />
        {actions}
      </Group>

      <CardList
        what={many}
        loading={!page}
        dimmed={dimmed}
        isEmpty={page?.rows.length === 0}
        empty={
          status ? (
            <NoMatch icon={<IconFilter size={28} />} {...noMatch} testId={emptyTestId}>
              <Button variant="default" onClick={() => onStatusChange(undefined)}>
                Show all {many}
              </Button>
            </NoMatch>
          ) : (
            <NothingYet {...nothingYet} testId={emptyTestId} />
          )
        }
        summary={page && `${page.total} ${page.total === 1 ? one : many}${summary}`}
        testId={testId}
        footer={
          page && (
            <Pager
              total={page.total}
              pageNum={pageNum}
              pageSize={page.pageSize}
              noun={many}
              onChange={(next) => onPageChange(next, false)}
            />
          )
        }
      >
        {children}
      </CardList>
      {dialogs}
    </Stack>
  );
}
