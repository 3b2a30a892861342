import { Badge, Card, Grid, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ArtifactRepository } from '@shared/schemas/artifacts';
import { IconCamera, IconLock, IconPencil } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { LinkAnchor } from '../../../components/Links/Links';
import { PageTitle } from '../../../components/PageTitle/PageTitle';
import { ActionLink } from '../../../kit/ActionLink/ActionLink';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { AssetDrawer, ComponentDrawer } from './AssetDetails';
import { type ContentsSearch, validateContentsSearch } from './artifact-search';
import { BrowsePanel } from './BrowsePanel';
import { ComponentsPanel } from './ComponentsPanel';
import { RepositoryPending, useRepository } from './EditRepositoryPage';
import { LockControl } from './LockControl';
import {
  FORMAT_LABELS,
  formatBytes,
  KIND_LABELS,
  policySummary,
  repositoryPageRoute,
  TYPE_LABELS,
} from './labels';
import { UsagePanel } from './UsagePanel';

/** The set-up line under the title: kind, format, type and policies. */
function Facts({ repository }: { repository: ArtifactRepository }) {
  return (
    <Group gap="xs">
      <Badge variant="light" color="gray">
        {FORMAT_LABELS[repository.format]}
      </Badge>
      <Badge variant="light" color="gray">
        {TYPE_LABELS[repository.type]}
      </Badge>
      <Badge variant="outline" color="gray">
        {KIND_LABELS[repository.kind].replace(/ies$/, 'y')}
      </Badge>
      <Badge
        variant="light"
        color={repository.locked ? 'orange' : 'green'}
        leftSection={repository.locked ? <IconLock size={12} /> : undefined}
        data-testid="repository-lock-state"
      >
        {repository.locked ? 'Locked' : 'Open'}
      </Badge>
      <Text size="sm" c="dimmed">
        {policySummary(repository)}
        {repository.type === 'hosted' &&
          ` · ${repository.componentCount} components · ${repository.assetCount} assets · ${formatBytes(repository.sizeBytes)}`}
      </Text>
    </Group>
  );
}

/** A group's members in the order it asks them, each a link to its page. */
function MembersCard({ repository, identifier }: { repository: ArtifactRepository; identifier: string }) {
  const { query } = useRepository(repository.id);
  const byId = new Map((query.data ?? []).map((r) => [r.id, r]));
  return (
    <Card withBorder data-testid="group-members">
      <Stack gap="sm">
        <Title order={2} fz="md">
          Members, in order
        </Title>
        <Text size="sm" c="dimmed">
          An install asks each member in turn; the first that has the package answers, and npm, Maven and PyPI
          indexes are merged. Publish to one of the hosted members.
        </Text>
        {repository.memberIds.map((id, index) => {
          const member = byId.get(id);
          return (
            <Group key={id} gap="xs">
              <Text size="sm" c="dimmed" w={20}>
                {index + 1}.
              </Text>
              {member ? (
                <LinkAnchor to={repositoryPageRoute(member)} params={{ identifier, id }} size="sm" fw={500}>
                  {member.name}
                </LinkAnchor>
              ) : (
                <Text size="sm">{id}</Text>
              )}
              {member && (
                <Text size="xs" c="dimmed">
                  {TYPE_LABELS[member.type]}
                  {member.locked ? ' · locked' : ''}
                </Text>
              )}
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}

/**
 * `/repositories/zhipin/{id}` and `/repositories/chanpin/{id}`: a repository's components with
 * their assets, its folder tree, downloads and deletes, and how to reach it with its client.
 */
export function RepositoryPage({
  identifier,
  repositoryId,
  search,
}: {
  identifier: string;
  repositoryId: string;
  search: ContentsSearch;
}) {
  const { enterprise, can } = useCurrentEnterprise();
  const { query, repository } = useRepository(repositoryId);
  useDocumentTitle(`${repository?.name ?? 'Repository'} · ${enterprise.name}`);
  const navigate = useNavigate();
  if (!repository) return <RepositoryPending query={query} />;

  const setSearch = (change: Partial<ContentsSearch>) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => validateContentsSearch({ ...prev, ...change }),
    });

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap="xs" miw={0}>
          <PageTitle title={repository.name}>{repository.description || undefined}</PageTitle>
          <Facts repository={repository} />
        </Stack>
        <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
          {repository.type === 'hosted' && (
            <ActionLink
              size="sm"
              icon={IconCamera}
              to="/$identifier/repositories/zhipin/$id/snapshot"
              params={{ identifier, id: repository.id }}
            >
              Snapshots
            </ActionLink>
          )}
          {can('artifact:repository:edit') && <LockControl repository={repository} />}
          {(can('artifact:repository:edit') || can('artifact:repository:remove')) && (
            <ActionLink
              size="sm"
              icon={IconPencil}
              to="/$identifier/repositories/edit/$format/$id"
              params={{ identifier, format: repository.format, id: repository.id }}
            >
              Settings
            </ActionLink>
          )}
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {repository.type === 'group' ? (
            <MembersCard repository={repository} identifier={identifier} />
          ) : (
            <Stack gap="md">
              <SegmentedControl
                aria-label="Show"
                w="fit-content"
                data={[
                  { value: 'components', label: 'Components' },
                  { value: 'browse', label: 'Folders' },
                ]}
                value={search.view ?? 'components'}
                onChange={(view) => setSearch({ view: view === 'browse' ? 'browse' : undefined })}
              />
              {search.view === 'browse' ? (
                <BrowsePanel
                  repository={repository}
                  path={search.path ?? ''}
                  onPath={(path) => setSearch({ path: path || undefined })}
                  onAsset={(asset) => setSearch({ asset })}
                />
              ) : (
                <ComponentsPanel
                  repository={repository}
                  q={search.q}
                  pageNum={search.pageNum ?? 1}
                  onSearch={(change) => setSearch(change)}
                  onOpen={(component) => setSearch({ component })}
                />
              )}
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <UsagePanel repository={repository} />
        </Grid.Col>
      </Grid>
      <ComponentDrawer
        repository={repository}
        componentId={search.component}
        onClose={() => setSearch({ component: undefined })}
      />
      <AssetDrawer
        repository={repository}
        path={search.asset}
        onClose={() => setSearch({ asset: undefined })}
      />
    </Stack>
  );
}
