import { Group, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Member } from '@shared/schemas/enterprise';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { ConfirmRemoveModal } from '../components/ConfirmModal/ConfirmModal';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { ActionButton } from '../kit/ActionButton/ActionButton';
import { KeywordFilter } from '../kit/FilterBar/FilterBar';
import { Dimmable, NoMatch } from '../kit/ListPage/ListPage';
import { loadList } from '../kit/ListPage/load-list';
import { Pager } from '../kit/ListPage/Pager';
import { storedPageSize } from '../kit/ListPage/use-page-size';
import { usePager } from '../kit/ListPage/use-pager';
import { stepBackFromLastRow } from '../kit/ListPage/use-step-back';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { searchedRoute } from '../lib/route-guards';
import { validateListSearch } from '../lib/search';
import { memberListQueryOptions, useRemoveMember } from '../queries/members';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../queries/query-client';
import { AddMemberModal } from './-components/members/AddMemberModal';
import { EditRolesModal } from './-components/members/EditRolesModal';
import { Invitations } from './-components/members/Invitations';
import { MembersTable } from './-components/members/MembersTable';

function listParams(search: { pageNum?: number; keyword?: string }) {
  return {
    pageNum: search.pageNum ?? DEFAULT_PAGE,
    pageSize: DEFAULT_PAGE_SIZE,
    keyword: search.keyword ?? '',
  };
}

export const Route = createFileRoute('/$identifier/members')({
  ...searchedRoute('members', validateListSearch, listParams),
  loader: ({ params, deps, ...load }) =>
    loadList(
      memberListQueryOptions(params.identifier, { ...deps, pageSize: storedPageSize('members') }),
      load,
    ),
  component: MembersPage,
});

function MembersPage() {
  const { enterprise, me, can } = useCurrentEnterprise();
  useDocumentTitle(`Members · ${enterprise.name}`);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const pager = usePager(
    'members',
    search.pageNum ?? DEFAULT_PAGE,
    (pageNum) => void navigate({ search: (prev) => ({ ...prev, pageNum }) }),
  );
  const { pageSize } = pager;
  const params = useDeferredValue({ ...listParams(search), pageSize });
  const { data: page } = useSuspenseQuery(memberListQueryOptions(enterprise.enterpriseIdentifier, params));
  const stale =
    params.keyword !== (search.keyword ?? '') || params.pageNum !== (search.pageNum ?? DEFAULT_PAGE);

  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useRemoveMember(enterprise.enterpriseIdentifier);

  const canAdd = can('enterprise:member:add');
  const canRemove = can('enterprise:member:remove');
  // Choosing roles needs the role list as well as the right to assign them.
  const canAssign = can('system:role:assign') && can('system:role:list');

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <PageTitle title="Members">
          {enterprise.memberCount} {enterprise.memberCount === 1 ? 'person works' : 'people work'} in{' '}
          {enterprise.name}.
        </PageTitle>
        {canAdd && (
          <ActionButton icon={IconUserPlus} size="sm" variant="filled" onClick={() => setAdding(true)}>
            Add member
          </ActionButton>
        )}
      </Group>

      <Paper withBorder p={0}>
        <Group p="md" justify="space-between">
          <KeywordFilter
            label="Search members"
            placeholder="Search by login, nickname or email"
            value={search.keyword}
            onChange={(keyword) =>
              void navigate({ search: () => validateListSearch({ keyword: keyword ?? '' }), replace: true })
            }
            width={360}
          />
          <Text size="sm" c="dimmed">
            {page.total} {page.total === 1 ? 'member' : 'members'}
            {params.keyword ? ` matching “${params.keyword}”` : ''}
          </Text>
        </Group>
        <Dimmable dimmed={stale}>
          {page.rows.length === 0 ? (
            <NoMatch
              icon={<IconUsers size={28} />}
              title={params.keyword ? 'No member matches your search' : 'No members yet'}
              description={
                params.keyword
                  ? 'Try another login, nickname or email.'
                  : 'Add people to start working together.'
              }
              testId="members-empty"
            />
          ) : (
            <MembersTable
              members={page.rows}
              currentUserId={me.userId}
              onEditRoles={canAssign ? setEditing : undefined}
              onRemove={canRemove ? setRemoving : undefined}
            />
          )}
        </Dimmable>
      </Paper>
      {canAdd && can('enterprise:member:list') && (
        <Invitations
          identifier={enterprise.enterpriseIdentifier}
          deptId={enterprise.deptId}
          canChooseRoles={can('system:role:list')}
        />
      )}
      <Pager total={page.total} noun="members" {...pager} pageNum={params.pageNum} pageSize={page.pageSize} />

      {canAdd && (
        <AddMemberModal
          opened={adding}
          onClose={() => setAdding(false)}
          identifier={enterprise.enterpriseIdentifier}
          deptId={enterprise.deptId}
        />
      )}
      {canAssign && (
        <EditRolesModal member={editing} onClose={() => setEditing(null)} deptId={enterprise.deptId} />
      )}
      <ConfirmRemoveModal
        target={removing}
        idOf={(member) => member.gitlinkUserId}
        remove={remove}
        removed={(member) => `${member.nickname || member.login} was removed from ${enterprise.name}`}
        onRemoved={() => stepBackFromLastRow(page.rows.length, params.pageNum, pager.onChange)}
        onClose={() => setRemoving(null)}
        title="Remove member"
        confirmLabel="Remove"
      >
        {(member) => (
          <Text size="sm">
            Remove <b>{member.nickname || member.login}</b> (@{member.login}) from {enterprise.name}? They
            lose access to everything in it at once.
          </Text>
        )}
      </ConfirmRemoveModal>
    </Stack>
  );
}
