import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { LinkButton } from '../../../components/Links/Links';
import { NothingYet, SectionLoadFailed } from '../../../kit/ListPage/ListPage';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';

/** What a block's query says (TanStack Query's fields). */
export interface BlockQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** A block's empty state: the kit's `NothingYet`, its icon the block's unless told. */
type BlockEmpty = Omit<ComponentProps<typeof NothingYet>, 'icon'> & { icon?: Icon };

export interface DeskBlockProps {
  title: string;
  /** Lower-case, for the loading and error lines: "your work items". */
  what: string;
  /** Beside the title, and in the empty state unless that has its own. */
  icon: Icon;
  /** Beside the title: a count, a picker. */
  aside?: ReactNode;
  query: BlockQuery;
  isEmpty: boolean;
  /** What to do when there is nothing: the kit's `NothingYet`, usually with a `DeskLink`. */
  empty?: BlockEmpty;
  /** Rows of the skeleton while loading. */
  skeletonRows?: number;
  testId: string;
  children: ReactNode;
}

/**
 * One block of the desk in its card: it loads on its own (a skeleton meanwhile), says so when its
 * query failed and offers another try, and says what to do when there is nothing in it.
 */
export function DeskBlock({
  title,
  what,
  icon: BlockIcon,
  aside,
  query,
  isEmpty,
  empty,
  skeletonRows = 3,
  testId,
  children,
}: DeskBlockProps) {
  const nothing = empty && { ...empty, icon: empty.icon ?? BlockIcon };
  return (
    <Card component="section" aria-label={title} data-testid={testId} padding="lg">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            <BlockIcon size={20} />
            <Title order={2} fz="md">
              {title}
            </Title>
          </Group>
          {aside}
        </Group>
        <BlockBody what={what} query={query} isEmpty={isEmpty} empty={nothing} rows={skeletonRows}>
          {children}
        </BlockBody>
      </Stack>
    </Card>
  );
}

function BlockBody({
  what,
  query,
  isEmpty,
  empty,
  rows,
  children,
}: {
  what: string;
  query: BlockQuery;
  isEmpty: boolean;
  empty?: BlockEmpty & { icon: Icon };
  rows: number;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy aria-label={`Loading ${what}`}>
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell apart
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    );
  }
  if (query.isError && isEmpty) {
    return (
      <SectionLoadFailed
        message={`${capitalize(what)} could not be loaded.`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!isEmpty) return <>{children}</>;
  if (!empty) return null;
  const { icon: EmptyIcon, ...texts } = empty;
  return <NothingYet icon={<EmptyIcon size={28} />} {...texts} />;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A small dimmed line under a block's rows ("3 more in the list"). */
export function BlockNote({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}

/** The dimmed count beside a block's title ("12", "3 open"). */
export function BlockCount({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** The enterprise-wide pages a block sends people to when it has nothing to show. */
type DeskLinkTarget = '/$identifier/projects' | '/$identifier/products' | '/$identifier/codes';

/** A quiet button from a block to the page where its content is made ("Go to projects"). */
export function DeskLink({ to, size, children }: { to: DeskLinkTarget; size?: 'xs'; children: ReactNode }) {
  const { enterprise } = useCurrentEnterprise();
  return (
    <LinkButton
      variant="default"
      size={size}
      to={to}
      params={{ identifier: enterprise.enterpriseIdentifier }}
    >
      {children}
    </LinkButton>
  );
}

/**
 * A row's name (a link, or a name with its badges) over a dimmed line of detail, both cut to the
 * row's width so the row's right-hand side (a badge, a figure) keeps its place.
 */
export function RowLabel({ detail, children }: { detail: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      {children}
      <Text size="xs" c="dimmed" truncate>
        {detail}
      </Text>
    </Stack>
  );
}
