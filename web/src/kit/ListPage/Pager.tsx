import { Box, Button, type ButtonProps, Group, Pagination, Select, Text } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { PAGE_SIZES } from './use-page-size';

const SIZE_DATA = PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} / page` }));

/** The pager at the foot of a list's card, once the first page is there. */
export function CardPager({
  page,
  ...props
}: Omit<ComponentProps<typeof Pager>, 'total'> & { page: { total: number } | undefined }) {
  return page ? (
    <Box p="md" pt="xs">
      <Pager total={page.total} {...props} />
    </Box>
  ) : null;
}

/** "1–10 of 23 specs", the page-size choice, and the page buttons. */
export function Pager({
  total,
  pageNum,
  pageSize,
  noun,
  onChange,
  onPageSizeChange,
  sizeLabel = 'Rows per page',
}: {
  total: number;
  pageNum: number;
  pageSize: number;
  noun: string;
  onChange: (pageNum: number) => void;
  /** Offers 10, 20, 50 and 100 rows a page (`usePageSize` remembers the choice). */
  onPageSizeChange?: (pageSize: number) => void;
  /** The page-size choice's accessible name. */
  sizeLabel?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (pageNum - 1) * pageSize + 1;
  const last = Math.min(total, pageNum * pageSize);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {total === 0 ? '' : `${first}–${last} of ${total} ${noun}`}
      </Text>
      <Group gap="sm">
        {onPageSizeChange && total > PAGE_SIZES[0] && (
          <Select
            aria-label={sizeLabel}
            data={SIZE_DATA}
            value={String(pageSize)}
            allowDeselect={false}
            w={120}
            size="xs"
            comboboxProps={{ withinPortal: true, keepMounted: false }}
            onChange={(value) => value && onPageSizeChange(Number(value))}
          />
        )}
        {pages > 1 && (
          <Pagination total={pages} value={pageNum} onChange={onChange} aria-label={`Pages of ${noun}`} />
        )}
      </Group>
    </Group>
  );
}

/** Below a list that loads page after page: "Load more" and how many of how many, or "All N shown". */
export function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  disabled,
  onMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  disabled?: boolean;
  onMore: () => void;
}) {
  if (shown === 0) return null;
  return (
    <Group justify="center" gap="sm">
      {hasMore ? (
        <>
          <Button variant="default" onClick={onMore} loading={loading} disabled={disabled}>
            Load more
          </Button>
          <Text size="sm" c="dimmed">
            {shown} of {total}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {shown === 1 ? 'The only one' : `All ${shown} shown`}
        </Text>
      )}
    </Group>
  );
}

/** "Show more …" under a list that grows a page at a time (comments, history, activity), while there is more. */
export function ShowMore({
  query,
  variant = 'subtle',
  children,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  variant?: ButtonProps['variant'];
  children: ReactNode;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center">
      <Button
        variant={variant}
        size="xs"
        onClick={() => void query.fetchNextPage()}
        loading={query.isFetchingNextPage}
      >
        {children}
      </Button>
    </Group>
  );
}
