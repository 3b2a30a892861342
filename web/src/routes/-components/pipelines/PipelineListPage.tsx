/**
 * `/{identifier}/pipeline`: the enterprise's pipelines as cards (docs/pipelines.md "Pages"), each
 * with its repository, trigger, newest run and whether it is enabled, and its actions: run (with
 * the parameter form), open, run records, edit, enable or disable, delete. Filtered by repository,
 * project and name, kept in the URL.
 */
import { Card, Group, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Pipeline } from '@shared/schemas/pipelines';
import { IconGitBranch, IconHistory, IconPencil, IconPlayerPlay, IconStethoscope } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { RefusableDeleteModal } from '../../../components/ConfirmModal/ConfirmModal';
import { LinkAnchor } from '../../../components/Links/Links';
import { PageTitle } from '../../../components/PageTitle/PageTitle';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { ActionLink } from '../../../kit/ActionLink/ActionLink';
import { bindFilters } from '../../../kit/FilterBar/bind-filters';
import { FilterBar, KeywordFilter, SelectFilter } from '../../../kit/FilterBar/FilterBar';
import { ListEmpty } from '../../../kit/ListEmpty/ListEmpty';
import { CardList } from '../../../kit/ListPage/CardList';
import { CreateButton } from '../../../kit/ListPage/CreateButton';
import { ListHeading } from '../../../kit/ListPage/ListPage';
import { Pager } from '../../../kit/ListPage/Pager';
import { MoreMenu } from '../../../kit/MoreMenu/MoreMenu';
import { useRoutePagedList } from '../../../kit/RoutePagedList/use-route-paged-list';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { AddPipelineModal } from './AddPipelineModal';
import { formatDuration, runTriggerText, triggerText } from './format';
import { PipelineIcon, StateBadge } from './PipelineIcon';
import type { PipelineSearch } from './pipeline-search';
import {
  pipelineListQueryOptions,
  useDeletePipeline,
  useRepositoriesAndProjects,
  useSetPipelineEnabled,
} from './queries';
import { useRunPipeline } from './RunPipeline';

const hasFilters = (search: PipelineSearch) =>
  Boolean(search.repositoryId || search.projectId || search.keyword);

export function PipelineListPage({ identifier, search }: { identifier: string; search: PipelineSearch }) {
  useDocumentTitle('Pipelines');
  const navigate = useNavigate({ from: '/$identifier/pipeline/' });
  const { can } = useCurrentEnterprise();
  const {
    query: list,
    page,
    pager,
    filter,
  } = useRoutePagedList(
    'pipelines',
    search,
    (patch, replace) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace }),
    (paging) =>
      pipelineListQueryOptions({
        repositoryId: search.repositoryId,
        projectId: search.projectId,
        keyword: search.keyword,
        ...paging,
      }),
  );
  const { repositories, projects } = useRepositoriesAndProjects();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Pipeline | null>(null);
  const remove = useDeletePipeline();
  const run = useRunPipeline(identifier);
  const field = bindFilters(search, filter);

  const addButton = can('pipeline:pipeline:add') && (
    <CreateButton onClick={() => setAdding(true)}>Add pipeline</CreateButton>
  );

  return (
    <Stack gap="md">
      <PageTitle title="Pipelines">
        Each pipeline builds, tests or deploys a repository: run it, follow its jobs and logs, rerun what
        failed.
      </PageTitle>
      <ListHeading
        title="All pipelines"
        icon={<IconGitBranch size={22} />}
        count={page?.total}
        actions={
          <Group gap="sm">
            <ActionLink
              size="sm"
              icon={IconStethoscope}
              to="/$identifier/pipeline/test"
              params={{ identifier }}
            >
              Check a definition
            </ActionLink>
            {addButton}
          </Group>
        }
      />
      <FilterBar
        testId="pipeline-filters"
        filtered={hasFilters(search)}
        onClear={() => filter({ repositoryId: undefined, projectId: undefined, keyword: undefined })}
      >
        <KeywordFilter
          value={search.keyword}
          onChange={(keyword) => filter({ keyword })}
          placeholder="Pipeline name"
          label="Filter by name"
        />
        <SelectFilter {...field('repositoryId', 'Repository')} data={repositories} />
        <SelectFilter {...field('projectId', 'Project')} data={projects} />
      </FilterBar>
      <CardList
        what="pipelines"
        loading={!page}
        dimmed={list.isPlaceholderData}
        isEmpty={page?.rows.length === 0}
        testId="pipeline-cards"
        empty={
          <ListEmpty
            filtered={hasFilters(search)}
            noMatch={{ title: 'No pipeline matches', testId: 'pipelines-no-match' }}
            nothingYet={{
              icon: <IconGitBranch size={28} />,
              title: 'No pipelines yet',
              description:
                "A pipeline builds and tests a repository's code: pick a project, one of its linked repositories and a template to start from, then change its steps in the editor.",
              action: addButton,
              testId: 'pipelines-empty',
            }}
          />
        }
        footer={page && <Pager total={page.total} noun="pipelines" {...pager} />}
      >
        {page?.rows.map((pipeline) => (
          <PipelineCard
            key={pipeline.id}
            identifier={identifier}
            pipeline={pipeline}
            onRun={() => void run.open(pipeline)}
            running={run.busy(pipeline.id)}
            onDelete={() => setDeleting(pipeline)}
          />
        ))}
      </CardList>
      {run.modal}
      <AddPipelineModal
        opened={adding}
        onClose={() => setAdding(false)}
        identifier={identifier}
        projectId={search.projectId}
      />
      <RefusableDeleteModal
        target={deleting}
        idOf={(p) => p.id}
        remove={remove}
        deleted={(p) => `${p.name} deleted`}
        onClose={() => setDeleting(null)}
        title="Delete the pipeline?"
        refusalTestId="pipeline-delete-refusal"
        note="Its saved definitions, runs and logs go with it."
      >
        <Text size="sm">
          <b>{deleting?.name}</b> will be deleted.
        </Text>
      </RefusableDeleteModal>
    </Stack>
  );
}

function PipelineCard({
  identifier,
  pipeline,
  onRun,
  running,
  onDelete,
}: {
  identifier: string;
  pipeline: Pipeline;
  onRun: () => void;
  running: boolean;
  onDelete: () => void;
}) {
  const { can } = useCurrentEnterprise();
  const toggle = useSetPipelineEnabled();
  const navigate = useNavigate();
  const params = { identifier, repo: pipeline.repositoryId, id: pipeline.id };
  /** The menu's way to the pipeline's run records or its editor. */
  const openPage = (page: 'more' | 'edit') => () =>
    void navigate(
      page === 'more'
        ? { to: '/$identifier/pipeline/$repo/$id/more', params }
        : { to: '/$identifier/pipeline/$repo/$id/edit', params },
    );
  const last = pipeline.lastRun;
  const canRun = can('pipeline:pipeline:run') && pipeline.enabled && pipeline.trigger.manual;
  return (
    <Card withBorder data-testid={`pipeline-card-${pipeline.name}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} miw={0}>
            <LinkAnchor
              to="/$identifier/pipeline/$repo/$id"
              params={params}
              fw={600}
              lineClamp={2}
              title={pipeline.name}
            >
              {pipeline.name}
            </LinkAnchor>
            <Text size="xs" c="dimmed" truncate>
              {pipeline.repositoryName} · {triggerText(pipeline.trigger)}
            </Text>
          </Stack>
          <MoreMenu
            label={`Actions of ${pipeline.name}`}
            items={[
              { label: 'Run records', icon: IconHistory, onClick: openPage('more') },
              {
                label: 'Edit definition',
                icon: IconPencil,
                onClick: openPage('edit'),
                hidden: !can('pipeline:pipeline:edit'),
              },
            ]}
            remove={can('pipeline:pipeline:remove') && { label: 'Delete', onClick: onDelete }}
          />
        </Group>

        {last ? (
          <Group gap="xs" wrap="wrap" data-testid="pipeline-last-run">
            <StateBadge state={last.status} />
            <Text size="sm">#{last.number}</Text>
            <Text size="xs" c="dimmed">
              {runTriggerText(last.trigger)} · {last.branch}
            </Text>
            <RelativeTime value={last.startedAt ?? last.queuedAt} />
            {last.durationMs !== null && (
              <Text size="xs" c="dimmed">
                {formatDuration(last.durationMs)}
              </Text>
            )}
          </Group>
        ) : (
          <Group gap="xs">
            <PipelineIcon name="default" size={16} />
            <Text size="sm" c="dimmed">
              Never run
            </Text>
          </Group>
        )}

        <Group justify="space-between" mt="auto" wrap="nowrap">
          <Tooltip
            label={
              can('pipeline:pipeline:edit')
                ? 'A disabled pipeline cannot be started'
                : 'You may not change it'
            }
          >
            <Switch
              size="sm"
              label="Enabled"
              checked={pipeline.enabled}
              disabled={!can('pipeline:pipeline:edit') || toggle.isPending}
              onChange={(event) =>
                toggle.mutate(
                  { id: pipeline.id, enabled: event.currentTarget.checked },
                  {
                    onSuccess: (saved) =>
                      notifications.show({
                        color: 'green',
                        message: `${saved.name} ${saved.enabled ? 'enabled' : 'disabled'}`,
                      }),
                    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
                  },
                )
              }
            />
          </Tooltip>
          <ActionButton
            variant="filled"
            icon={IconPlayerPlay}
            onClick={onRun}
            loading={running}
            disabled={!canRun}
            aria-label={`Run ${pipeline.name}`}
            title={pipeline.enabled ? undefined : 'Enable the pipeline to run it'}
          >
            Run
          </ActionButton>
        </Group>
      </Stack>
    </Card>
  );
}
