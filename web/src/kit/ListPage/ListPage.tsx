import { Alert, Button, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** What a list's query says: the kit shows the skeleton, the error or the rows from it. */
export interface ListQueryState {
  isPending: boolean;
  /** Failed and nothing to show. */
  isError: boolean;
  /** Rows of the previous filter or page show dimmed while the next ones load. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

export interface ListPageProps {
  /** The heading; also names the list in the loading and error states ("Loading requirement specs"). */
  title: string;
  /** Lower-case plural for the states, when the title is not it: "work items". */
  what?: string;
  icon?: ReactNode;
  /** "N in total" beside the heading. */
  count?: number;
  /** Right of the heading: a keyword box, "New …". */
  actions?: ReactNode;
  /** Below the heading: status tabs. */
  tabs?: ReactNode;
  /** The filter bar (`FilterBar`). */
  filters?: ReactNode;
  /** The batch bar (`BatchBar`), shown while rows are selected. */
  batchBar?: ReactNode;
  query: ListQueryState;
  /** The query gave no rows: show `empty` instead of the table. */
  isEmpty: boolean;
  /** `NothingYet` or `NoMatch`. */
  empty: ReactNode;
  /** The table (`ListTable`). */
  children: ReactNode;
  /** Below the card: `Pager` or `LoadMore`. */
  footer?: ReactNode;
  /** Wraps the card, e.g. a card without a border inside a panel. */
  bare?: boolean;
}

/** The rows of a list being loaded. */
export function TableSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" p="md" aria-busy aria-label={label}>
      {[0, 1, 2, 3, 4].map((key) => (
        <Skeleton key={key} h={32} />
      ))}
    </Stack>
  );
}

/**
 * A card's small list could not be loaded: one line with the reason and another try, where the
 * full-page `LoadFailed` would be too big (`message` is the whole sentence).
 */
export function SectionLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      <Group justify="space-between">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}

/** The list could not be loaded: say so and offer another try. */
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
export function Dimmable({
  dimmed,
  busy,
  children,
}: {
  dimmed: boolean;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div style={{ opacity: dimmed ? 0.6 : 1, transition: 'opacity 120ms' }} aria-busy={dimmed || busy}>
      {children}
    </div>
  );
}

/** Nothing exists yet: what the list is for, and the action that makes the first one. */
export function NothingYet({
  icon,
  title,
  description,
  action,
  testId,
  panel = false,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  testId?: string;
  /** The whole panel's invitation (no reports, no sheets yet): more room, no tint. */
  panel?: boolean;
}) {
  return (
    <EmptyState
      py={panel ? 64 : 56}
      variant={panel ? undefined : 'light'}
      icon={icon}
      title={title}
      description={description}
      data-testid={testId}
    >
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}

/** Rows exist but none shows: filters hide them, or the group or module picked holds none. */
export function NoMatch({
  title,
  description = 'Change or clear the filters to see more.',
  icon = <IconSearch size={28} />,
  testId,
  children,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <EmptyState py={56} icon={icon} title={title} description={description} data-testid={testId}>
      {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
    </EmptyState>
  );
}

/** A list's heading: title, "N in total", and its actions on the right. */
export function ListHeading({
  title,
  icon,
  count,
  actions,
}: {
  title: string;
  icon?: ReactNode;
  count?: number;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="center">
      <Group gap="xs" align={icon ? 'center' : 'baseline'}>
        {icon}
        <Title order={2} fz="lg">
          {title}
        </Title>
        {count !== undefined && (
          <Text c="dimmed" size="sm">
            {count} in total
          </Text>
        )}
      </Group>
      {actions}
    </Group>
  );
}

/** The body of a list in its card: skeleton, error, empty state or the table, dimmed while reloading. */
export function ListBody({
  what,
  query,
  isEmpty,
  empty,
  busy,
  children,
}: {
  what: string;
  query: ListQueryState;
  isEmpty: boolean;
  empty: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  if (query.isPending) return <TableSkeleton label={`Loading ${what}`} />;
  if (query.isError && isEmpty) return <LoadFailed what={what} onRetry={() => void query.refetch()} />;
  if (isEmpty) return <>{empty}</>;
  return (
    <Dimmable dimmed={query.isPlaceholderData ?? false} busy={busy}>
      {children}
    </Dimmable>
  );
}

/**
 * A list page: heading with count and actions, tabs, filters, batch bar, the table in a card with
 * its loading, error and empty states, and paging below.
 */
export function ListPage({
  title,
  what = title.toLowerCase(),
  icon,
  count,
  actions,
  tabs,
  filters,
  batchBar,
  query,
  isEmpty,
  empty,
  children,
  footer,
  bare,
}: ListPageProps) {
  const body = (
    <ListBody what={what} query={query} isEmpty={isEmpty} empty={empty}>
      {children}
    </ListBody>
  );
  return (
    <Stack gap="md">
      <ListHeading title={title} icon={icon} count={count} actions={actions} />
      {tabs}
      {filters}
      {batchBar}
      {bare ? body : <Card p={0}>{body}</Card>}
      {footer}
    </Stack>
  );
}

/** The heading inside a list's card (a panel of a page): title, how many, and its controls. */
export function PanelHeading({
  title,
  small,
  count,
  children,
}: {
  title: string;
  /** A section of a page rather than the page's list. */
  small?: boolean;
  count?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Group justify="space-between" p="md" pb="xs" gap="sm">
      <Group gap="xs" align="baseline">
        <Title order={small ? 3 : 2} fz={small ? 'md' : 'lg'}>
          {title}
        </Title>
        {count && (
          <Text size="sm" c="dimmed">
            {count}
          </Text>
        )}
      </Group>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}
