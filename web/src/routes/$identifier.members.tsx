import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Member } from '@shared/schemas/enterprise';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { ConfirmModal } from '../components/ConfirmModal/ConfirmModal';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { KeywordFilter } from '../kit/FilterBar/FilterBar';
import { Dimmable, NoMatch } from '../kit/ListPage/ListPage';
import { loadList } from '../kit/ListPage/load-list';
import { Pager } from '../kit/ListPage/Pager';
import { storedPageSize } from '../kit/ListPage/use-page-size';
import { usePager } from '../kit/ListPage/use-pager';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { accessGuard } from '../lib/route-guards';
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
  // Loader and page in one chunk: the query modules they use stay out of the first script.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: validateListSearch,
  beforeLoad: accessGuard('members'),
  loaderDeps: ({ search }) => listParams(search),
  loader: ({ context: { queryClient }, params, deps, ...load }) =>
    loadList(
      queryClient,
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

  function confirmRemove() {
    if (!removing) return;
    const name = removing.nickname || removing.login;
    remove.mutate(removing.gitlinkUserId, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `${name} was removed from ${enterprise.name}` });
        setRemoving(null);
        // The last row of a later page is gone: step back a page rather than show an empty one.
        if (page.rows.length === 1 && params.pageNum > 1) {
          void navigate({ search: (prev) => ({ ...prev, pageNum: params.pageNum - 1 }) });
        }
      },
    });
  }

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end">
        <PageTitle title="Members">
          {enterprise.memberCount} {enterprise.memberCount === 1 ? 'person works' : 'people work'} in{' '}
          {enterprise.name}.
        </PageTitle>
        {canAdd && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
            Add member
          </Button>
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
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove member"
        confirmLabel="Remove"
        loading={remove.isPending}
        onConfirm={confirmRemove}
      >
        <Text size="sm">
          Remove <b>{removing?.nickname || removing?.login}</b> (@{removing?.login}) from {enterprise.name}?
          They lose access to everything in it at once.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
