import { useDebouncedValue } from '@mantine/hooks';
import type { UserSummary } from '@shared/schemas/projects';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { memberListQueryOptions } from '../../../queries/members';

/** Enterprise members fetched per search; the picker filters them further as one types. */
const PICKER_PAGE = 50;

export interface PersonOption {
  value: string;
  label: string;
}

const optionOf = (user: Pick<UserSummary, 'userId' | 'nickname' | 'login'>): PersonOption => ({
  value: user.userId,
  label: user.nickname && user.nickname !== user.login ? `${user.nickname} (${user.login})` : user.login,
});

/**
 * Options of an owner or members picker: enterprise members matching what is typed (searched on
 * the server, so large enterprises work), plus everyone already known (`known`: the current owner
 * and members, the caller) so chosen people keep their names while the search shows others.
 */
export function usePeopleOptions(known: readonly UserSummary[], enabled: boolean) {
  const { enterprise, me, can } = useCurrentEnterprise();
  const canList = can('enterprise:member:list');
  const [search, setSearch] = useState('');
  // Everyone seen so far, so a pick made under one search keeps its label under the next.
  const seen = useRef(new Map<string, PersonOption>());
  // A Select puts the chosen option's label in its search box: that is not a search.
  const typed = [...seen.current.values()].some((option) => option.label === search) ? '' : search.trim();
  const [keyword] = useDebouncedValue(typed, 250);
  const people = useQuery({
    ...memberListQueryOptions(enterprise.enterpriseIdentifier, { keyword, pageSize: PICKER_PAGE }),
    placeholderData: keepPreviousData,
    enabled: enabled && canList,
  });

  const options = useMemo(() => {
    const self: UserSummary = { userId: me.userId, login: me.user.login, nickname: me.user.nickname };
    for (const user of [self, ...known, ...(people.data?.rows ?? [])]) {
      seen.current.set(user.userId, optionOf(user));
    }
    return [...seen.current.values()];
  }, [known, people.data, me]);

  return {
    options,
    searchValue: search,
    onSearchChange: setSearch,
    loading: people.isFetching,
    /** Without "View members" only the people already known can be picked. */
    canList,
  };
}
