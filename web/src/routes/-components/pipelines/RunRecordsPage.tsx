/**
 * `/{identifier}/pipeline/{repo}/{id}/more`: a pipeline's run records, newest first (docs/pipelines.md
 * "Pages"): number, status, trigger, commit, who, started and duration, paged and filtered by
 * status, with stop for a run under way and rerun for one that has ended. A row opens the run.
 */
import { Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { RUN_STATES } from '@shared/domain/pipeline-run';
import type { PipelineRun } from '@shared/schemas/pipelines-runs';
import { IconArrowLeft, IconHistory, IconPlayerPlay, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { errorText } from '../../../api/errors';
import { LinkAnchor, LinkButton } from '../../../components/Links/Links';
import { PageTitle } from '../../../components/PageTitle/PageTitle';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { StatusSegments } from '../../../kit/FilterBar/FilterBar';
import { ListEmpty } from '../../../kit/ListEmpty/ListEmpty';
import { ListPage } from '../../../kit/ListPage/ListPage';
import { Pager } from '../../../kit/ListPage/Pager';
import { TextCell } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../../../kit/ListTable/ListTable';
import { RowAction } from '../../../kit/ListTable/RowActions';
import { useRoutePagedList } from '../../../kit/RoutePagedList/use-route-paged-list';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { formatDuration, runTriggerText, shortSha } from './format';
import { STATE_LOOK, StateBadge } from './PipelineIcon';
import type { PipelinePageProps, RunRecordsSearch } from './pipeline-search';
import { pipelineQueryOptions, runPageQueryOptions, useRerun, useStopRun } from './queries';
import { useRunPipeline } from './RunPipeline';

const STATUS_SEGMENTS = [
  { value: 'all' as const, label: 'All' },
  ...RUN_STATES.map((value) => ({ value, label: STATE_LOOK[value].label })),
];

export function RunRecordsPage({
  identifier,
  repo,
  pipelineId,
  search,
}: PipelinePageProps<RunRecordsSearch>) {
  const navigate = useNavigate({ from: '/$identifier/pipeline/$repo/$id/more' });
  const { can } = useCurrentEnterprise();
  const pipeline = useQuery(pipelineQueryOptions(pipelineId));
  useDocumentTitle(pipeline.data ? `${pipeline.data.name} · run records` : 'Run records');
  const { query, page, pager, filter } = useRoutePagedList(
    'pipeline-runs',
    search,
    (patch, replace) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace }),
    (paging) =>
      runPageQueryOptions(pipelineId, { ...paging, ...(search.status ? { status: search.status } : {}) }),
  );
  const stop = useStopRun();
  const rerun = useRerun();
  const start = useRunPipeline(identifier);
  const params = { identifier, repo, id: pipelineId };
  const mayRun = can('pipeline:pipeline:run');

  const openRun = (run: PipelineRun) =>
    void navigate({ to: '/$identifier/pipeline/$repo/$id', params, search: { run: run.number } });
  const failed = (error: Error) => notifications.show({ color: 'red', message: errorText(error) });

  const columns: ListColumn<PipelineRun>[] = [
    {
      key: 'number',
      title: 'Run',
      role: 'title',
      render: (run) => (
        <LinkAnchor
          to="/$identifier/pipeline/$repo/$id"
          params={params}
          search={{ run: run.number }}
          fw={500}
        >
          #{run.number}
        </LinkAnchor>
      ),
    },
    { key: 'status', title: 'Status', render: (run) => <StateBadge state={run.status} /> },
    {
      key: 'trigger',
      title: 'Trigger',
      role: 'secondary',
      render: (run) => <TextCell value={`${runTriggerText(run.trigger, run.rerunOf)} · ${run.branch}`} />,
    },
    {
      key: 'commit',
      title: 'Commit',
      role: 'secondary',
      render: (run) => (
        <Text size="sm" ff="monospace" title={run.commit ?? undefined}>
          {shortSha(run.commit)}
        </Text>
      ),
    },
    {
      key: 'who',
      title: 'Who',
      role: 'tertiary',
      render: (run) =>
        run.creator ? <TextCell value={run.creator.nickname} /> : <TextCell value="A push" dimmed />,
    },
    {
      key: 'started',
      title: 'Started',
      role: 'tertiary',
      render: (run) =>
        run.startedAt ? <RelativeTime value={run.startedAt} /> : <TextCell value="Waiting" dimmed />,
    },
    {
      key: 'duration',
      title: 'Duration',
      render: (run) => <TextCell value={formatDuration(run.durationMs)} />,
    },
  ];
  if (mayRun)
    columns.push({
      key: 'actions',
      title: '',
      width: 70,
      align: 'right',
      render: (run) =>
        run.status === 'queued' || run.status === 'running' ? (
          <RowAction
            tooltip="Stop"
            label={`Stop run #${run.number}`}
            icon={<IconPlayerStop size={16} />}
            color="red"
            onClick={() => stop.mutate({ id: pipelineId, number: run.number }, { onError: failed })}
          />
        ) : (
          <RowAction
            tooltip="Rerun"
            label={`Rerun run #${run.number}`}
            icon={<IconRefresh size={16} />}
            onClick={() =>
              rerun.mutate(
                { id: pipelineId, number: run.number, failedOnly: false },
                { onSuccess: (next) => openRun(next), onError: failed },
              )
            }
          />
        ),
    });

  const filtered = search.status !== undefined;
  return (
    <Stack gap="md">
      <PageTitle title={pipeline.data?.name ?? 'Run records'} />
      <LinkAnchor to="/$identifier/pipeline" params={{ identifier }} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Pipelines
        </Group>
      </LinkAnchor>
      <ListPage
        title="Run records"
        what="runs"
        icon={<IconHistory size={22} />}
        count={page?.total}
        actions={
          <Group gap="sm">
            <LinkButton variant="default" to="/$identifier/pipeline/$repo/$id" params={params}>
              Newest run
            </LinkButton>
            {mayRun && pipeline.data?.enabled && (
              <ActionButton
                size="sm"
                variant="filled"
                icon={IconPlayerPlay}
                loading={start.busy(pipelineId)}
                onClick={() => pipeline.data && void start.open(pipeline.data)}
              >
                Run
              </ActionButton>
            )}
          </Group>
        }
        tabs={
          <StatusSegments
            label="Filter by run status"
            data={STATUS_SEGMENTS}
            value={search.status}
            onChange={(status) => filter({ status })}
          />
        }
        query={query}
        isEmpty={page?.rows.length === 0}
        empty={
          <ListEmpty
            filtered={filtered}
            noMatch={{ title: 'No run has this status', testId: 'runs-no-match' }}
            nothingYet={{
              icon: <IconHistory size={28} />,
              title: 'No runs yet',
              description:
                'Each run of the pipeline, by hand, by a push or as a rerun, is recorded here with its commit and result.',
              testId: 'runs-empty',
            }}
          />
        }
        footer={page && <Pager total={page.total} noun="runs" {...pager} />}
      >
        <ListTable
          rows={page?.rows ?? []}
          rowKey={(run) => String(run.number)}
          columns={columns}
          testId="run-records"
          rowTestId={(run) => `run-row-${run.number}`}
          rowTitle={(run) => `Run #${run.number}`}
          onOpen={openRun}
        />
      </ListPage>
      {start.modal}
    </Stack>
  );
}
