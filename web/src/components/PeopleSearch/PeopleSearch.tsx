import { Center, Loader, ScrollArea, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A search box over people (users to invite, members to add) and the list it finds: a loader while
 * it loads, a line when it failed or found nobody, else the rows the caller draws.
 */
export function PeopleSearch<T>({
  label,
  search,
  onSearch,
  query,
  rows,
  maxHeight,
  failed,
  empty,
  emptyTestId,
  children,
}: {
  /** "Search users". */
  label: string;
  search: string;
  onSearch: (search: string) => void;
  query: { isPending: boolean; isError: boolean; isFetching: boolean };
  /** What the query found (present once it has answered). */
  rows: T[] | undefined;
  maxHeight: number;
  /** "The users could not be loaded." */
  failed: string;
  /** Said when nobody is found. */
  empty: ReactNode;
  emptyTestId?: string;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <>
      <TextInput
        data-autofocus
        label={label}
        placeholder="Login, nickname or email"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        rightSection={query.isFetching ? <Loader size={14} /> : undefined}
      />
      <ScrollArea.Autosize mah={maxHeight} type="auto">
        {query.isPending ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : query.isError ? (
          <Text c="red" size="sm" py="md" ta="center">
            {failed}
          </Text>
        ) : (rows ?? []).length === 0 ? (
          <Text c="dimmed" size="sm" py="md" ta="center" data-testid={emptyTestId}>
            {empty}
          </Text>
        ) : (
          children(rows ?? [])
        )}
      </ScrollArea.Autosize>
    </>
  );
}
