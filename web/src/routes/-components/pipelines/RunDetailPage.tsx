/**
 * `/{identifier}/pipeline/{repo}/{id}`: one run in detail (docs/pipelines.md "Pages"). Its record
 * (state, trigger, commit, who, times, the work items its commit mentions), its stages as columns
 * of jobs coloured by state, and the chosen job's log by step, followed while the job runs. The
 * address holds the run, job and step, so a reload shows the same log. Stop, rerun all, rerun
 * the failed jobs only.
 */
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { JobState } from '@shared/domain/pipeline-run';
import type { PipelineDetail } from '@shared/schemas/pipelines';
import type { RunJob, RunResults, RunStage } from '@shared/schemas/pipelines-runs';
import {
  IconAlertTriangle,
  IconGitCommit,
  IconHistory,
  IconPencil,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
  IconRefreshAlert,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { errorText } from '../../../api/errors';
import { LinkAnchor } from '../../../components/Links/Links';
import { PageTitle } from '../../../components/PageTitle/PageTitle';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { ActionLink } from '../../../kit/ActionLink/ActionLink';
import { LoadFailed, NothingYet } from '../../../kit/ListPage/ListPage';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { formatDuration, runTriggerText, shortSha } from './format';
import { STATE_LOOK, StateBadge, StateIcon } from './PipelineIcon';
import type { PipelinePageProps, RunSearch } from './pipeline-search';
import { pipelineQueryOptions, runResultsQueryOptions, useRerun, useStopRun } from './queries';
import { useRunPipeline } from './RunPipeline';
import { type LogLine, stepSections, useJobLog } from './use-job-log';

const underWay = (state: JobState) => state === 'queued' || state === 'running';
const jobsOf = (run: RunResults) => run.stages.flatMap((s) => s.jobs);

/** The job shown when the address names none: the one running, else the first that failed. */
function defaultJob(run: RunResults): RunJob | undefined {
  const jobs = jobsOf(run);
  return jobs.find((j) => j.status === 'running') ?? jobs.find((j) => j.status === 'failed') ?? jobs[0];
}

export function RunDetailPage({ identifier, repo, pipelineId, search }: PipelinePageProps<RunSearch>) {
  const pipeline = useQuery(pipelineQueryOptions(pipelineId));
  useDocumentTitle(pipeline.data ? `${pipeline.data.name} · run` : 'Pipeline run');
  if (pipeline.isError) return <LoadFailed what="pipeline" onRetry={() => void pipeline.refetch()} />;
  if (!pipeline.data) return <Loader aria-label="Loading the pipeline" m="xl" />;
  const number = search.run ?? pipeline.data.lastRun?.number;
  return (
    <Stack gap="md">
      <PipelineHeading identifier={identifier} repo={repo} pipeline={pipeline.data} />
      {number ? (
        <RunView
          identifier={identifier}
          repo={repo}
          pipeline={pipeline.data}
          number={number}
          search={search}
        />
      ) : (
        <NeverRun identifier={identifier} pipeline={pipeline.data} />
      )}
    </Stack>
  );
}

function PipelineHeading({
  identifier,
  repo,
  pipeline,
}: {
  identifier: string;
  repo: string;
  pipeline: PipelineDetail;
}) {
  const { can } = useCurrentEnterprise();
  const params = { identifier, repo, id: pipeline.id };
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <LinkAnchor to="/$identifier/pipeline" params={{ identifier }} size="sm">
          Pipelines
        </LinkAnchor>
        <PageTitle title={pipeline.name} />
        <Text size="sm" c="dimmed">
          {pipeline.repositoryName}
          {pipeline.enabled ? '' : ' · disabled'}
        </Text>
      </Stack>
      <Group gap="sm">
        <ActionLink size="sm" icon={IconHistory} to="/$identifier/pipeline/$repo/$id/more" params={params}>
          Run records
        </ActionLink>
        {can('pipeline:pipeline:edit') && (
          <ActionLink size="sm" icon={IconPencil} to="/$identifier/pipeline/$repo/$id/edit" params={params}>
            Edit
          </ActionLink>
        )}
      </Group>
    </Group>
  );
}

function NeverRun({ identifier, pipeline }: { identifier: string; pipeline: PipelineDetail }) {
  const { can } = useCurrentEnterprise();
  const run = useRunPipeline(identifier);
  return (
    <Card p={0}>
      <NothingYet
        icon={<IconPlayerPlay size={28} />}
        title="No runs yet"
        description={
          pipeline.enabled
            ? 'Run it by hand, or push to a branch its trigger names; its jobs and their logs show here.'
            : 'The pipeline is disabled: enable it on the pipelines page to run it.'
        }
        action={
          can('pipeline:pipeline:run') &&
          pipeline.enabled && (
            <ActionButton
              size="sm"
              variant="filled"
              icon={IconPlayerPlay}
              onClick={() => void run.open(pipeline)}
              loading={run.busy(pipeline.id)}
            >
              Run
            </ActionButton>
          )
        }
        testId="runs-empty"
      />
      {run.modal}
    </Card>
  );
}

function RunView({
  identifier,
  repo,
  pipeline,
  number,
  search,
}: {
  identifier: string;
  repo: string;
  pipeline: PipelineDetail;
  number: number;
  search: RunSearch;
}) {
  const results = useQuery(runResultsQueryOptions(pipeline.id, number));
  const navigate = useNavigate({ from: '/$identifier/pipeline/$repo/$id' });
  if (results.isError) return <LoadFailed what={`run #${number}`} onRetry={() => void results.refetch()} />;
  const run = results.data;
  if (!run) return <Loader aria-label={`Loading run #${number}`} m="xl" />;
  const job = jobsOf(run).find((j) => j.id === search.job) ?? defaultJob(run);
  const choose = (next: RunSearch) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true, resetScroll: false });
  return (
    <Stack gap="md">
      <RunSummary
        identifier={identifier}
        repo={repo}
        run={run}
        onRerun={(next) => void navigate({ search: { run: next } })}
      />
      <StageGraph
        run={run}
        selected={job?.id}
        onSelect={(jobId) => choose({ job: jobId, step: undefined })}
      />
      {job && (
        <JobLogPanel
          pipelineId={pipeline.id}
          run={run}
          job={job}
          step={search.step}
          onStep={(step) => choose({ job: job.id, step })}
        />
      )}
    </Stack>
  );
}

function RunSummary({
  identifier,
  repo,
  run,
  onRerun,
}: {
  identifier: string;
  repo: string;
  run: RunResults;
  onRerun: (number: number) => void;
}) {
  const { can } = useCurrentEnterprise();
  const stop = useStopRun();
  const rerun = useRerun();
  const mayRun = can('pipeline:pipeline:run');
  const anyFailed = jobsOf(run).some((j) => j.status !== 'succeeded');
  const doRerun = (failedOnly: boolean) =>
    rerun.mutate(
      { id: run.pipelineId, number: run.number, failedOnly },
      {
        onSuccess: (next) => {
          notifications.show({ color: 'green', message: `Run #${next.number} queued` });
          onRerun(next.number);
        },
        onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
      },
    );
  return (
    <Card withBorder data-testid="run-summary">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm">
            <Title order={3} fz="md">
              Run #{run.number}
            </Title>
            <StateBadge state={run.status} testId="run-status" />
            {run.message && (
              <Text size="sm" c={run.status === 'failed' ? 'red' : 'dimmed'}>
                {run.message}
              </Text>
            )}
          </Group>
          {mayRun && (
            <Group gap="xs">
              {underWay(run.status) ? (
                <ActionButton
                  size="sm"
                  variant="light"
                  icon={IconPlayerStop}
                  color="red"
                  loading={stop.isPending}
                  onClick={() =>
                    stop.mutate(
                      { id: run.pipelineId, number: run.number },
                      { onError: (error) => notifications.show({ color: 'red', message: errorText(error) }) },
                    )
                  }
                >
                  Stop
                </ActionButton>
              ) : (
                <>
                  {run.status !== 'succeeded' && anyFailed && (
                    <ActionButton
                      size="sm"
                      variant="light"
                      icon={IconRefreshAlert}
                      loading={rerun.isPending && rerun.variables?.failedOnly === true}
                      onClick={() => doRerun(true)}
                    >
                      Rerun failed jobs
                    </ActionButton>
                  )}
                  <ActionButton
                    size="sm"
                    icon={IconRefresh}
                    loading={rerun.isPending && rerun.variables?.failedOnly === false}
                    onClick={() => doRerun(false)}
                  >
                    Rerun all
                  </ActionButton>
                </>
              )}
            </Group>
          )}
        </Group>
        <Group gap="lg" wrap="wrap">
          <Fact label="Trigger">{runTriggerText(run.trigger, run.rerunOf)}</Fact>
          <Fact label="Branch">{run.branch}</Fact>
          <Fact label="Commit">
            <Group gap={4} wrap="nowrap">
              <IconGitCommit size={14} />
              <Text size="sm" ff="monospace" title={run.commit ?? undefined}>
                {shortSha(run.commit)}
              </Text>
            </Group>
          </Fact>
          <Fact label="By">{run.creator?.nickname ?? (run.trigger === 'push' ? 'A push' : '—')}</Fact>
          <Fact label="Started">
            {run.startedAt ? <RelativeTime value={run.startedAt} size="sm" c={undefined} /> : 'Not yet'}
          </Fact>
          <Fact label="Duration">
            {run.durationMs !== null ? (
              formatDuration(run.durationMs)
            ) : underWay(run.status) ? (
              <Elapsed since={run.startedAt} />
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Revision">{run.revision}</Fact>
        </Group>
        {Object.keys(run.parameters).length > 0 && (
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              Parameters
            </Text>
            {Object.entries(run.parameters).map(([name, value]) => (
              <Badge key={name} variant="default" tt="none">
                {name} = {String(value)}
              </Badge>
            ))}
          </Group>
        )}
        <WorkItems identifier={identifier} repo={repo} run={run} />
      </Stack>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** A running run's time so far; the results' polling re-renders it every second. */
function Elapsed({ since }: { since: string | null }) {
  if (!since) return <>—</>;
  return <>{formatDuration(Date.now() - Date.parse(since))}</>;
}

const ITEM_PATHS = { 1: 'demand', 2: 'task', 3: 'bug' } as const;

/** The work items the run's commit mentions (absent until the commit is known). */
function WorkItems({ identifier, run }: { identifier: string; repo: string; run: RunResults }) {
  const items = run.workItems ?? [];
  if (items.length === 0) return null;
  return (
    <Group gap="xs" data-testid="run-work-items">
      <Text size="xs" c="dimmed">
        Work items
      </Text>
      {items.map((item) => {
        const kind = ITEM_PATHS[item.pmIssueType as keyof typeof ITEM_PATHS] ?? 'task';
        return (
          <Anchor
            key={item.id}
            size="sm"
            href={`/${encodeURIComponent(identifier)}/projects/${encodeURIComponent(item.projectId)}/${kind}/${encodeURIComponent(item.id)}`}
          >
            #{item.issueNumber} {item.title}
            <Text span size="xs" c="dimmed">
              {' '}
              ({item.statusName})
            </Text>
          </Anchor>
        );
      })}
    </Group>
  );
}

/** The job whose log shows, and how a click on another job's box chooses it. */
interface JobChoice {
  selected: string | undefined;
  onSelect: (jobId: string) => void;
}

/** Stages as columns, in order; each job a box coloured by its state, chosen to show its log. */
function StageGraph({ run, selected, onSelect }: JobChoice & { run: RunResults }) {
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Group gap="lg" align="stretch" wrap="nowrap" data-testid="run-graph">
        {run.stages.map((stage) => (
          <StageColumn key={stage.id} stage={stage} selected={selected} onSelect={onSelect} />
        ))}
      </Group>
    </ScrollArea>
  );
}

function StageColumn({ stage, selected, onSelect }: JobChoice & { stage: RunStage }) {
  return (
    <Stack gap="xs" w={220} style={{ flexShrink: 0 }} data-testid={`stage-${stage.id}`}>
      <Group gap={6} wrap="nowrap">
        <StateIcon state={stage.status} size={16} />
        <Text fw={600} size="sm" truncate title={stage.name || stage.id}>
          {stage.name || stage.id}
        </Text>
      </Group>
      {stage.jobs.map((job) => (
        <JobBox key={job.id} job={job} selected={job.id === selected} onSelect={() => onSelect(job.id)} />
      ))}
    </Stack>
  );
}

function JobBox({ job, selected, onSelect }: { job: RunJob; selected: boolean; onSelect: () => void }) {
  const color = STATE_LOOK[job.status].color;
  const duration =
    job.startedAt && job.finishedAt
      ? formatDuration(Date.parse(job.finishedAt) - Date.parse(job.startedAt))
      : null;
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-pressed={selected}
      data-testid={`job-${job.id}`}
      data-state={job.status}
    >
      <Paper
        withBorder
        p="xs"
        style={{
          borderLeft: `4px solid var(--mantine-color-${color}-6)`,
          background: selected ? `var(--mantine-color-${color}-light)` : undefined,
        }}
      >
        <Group gap={6} wrap="nowrap">
          <StateIcon state={job.status} />
          <Text size="sm" fw={selected ? 600 : 500} truncate title={job.name || job.id} style={{ flex: 1 }}>
            {job.name || job.id}
          </Text>
          {duration && (
            <Text size="xs" c="dimmed">
              {duration}
            </Text>
          )}
        </Group>
        {job.needs.length > 0 && (
          <Text size="xs" c="dimmed" truncate>
            after {job.needs.join(', ')}
          </Text>
        )}
        {job.reusedFrom && (
          <Text size="xs" c="dimmed">
            result of run #{job.reusedFrom}
          </Text>
        )}
      </Paper>
    </UnstyledButton>
  );
}

const ALL = '__all';

function JobLogPanel({
  pipelineId,
  run,
  job,
  step,
  onStep,
}: {
  pipelineId: string;
  run: RunResults;
  job: RunJob;
  step: string | undefined;
  onStep: (step: string | undefined) => void;
}) {
  // A reused job ran in an earlier run: its log is that run's.
  const logRun = job.reusedFrom ?? run.number;
  const log = useJobLog(
    pipelineId,
    logRun,
    job.status === 'queued' || job.status === 'skipped' ? undefined : job.id,
  );
  const sections = stepSections(
    log.lines,
    job.steps.map((s) => s.name || s.id),
  );
  const index = job.steps.findIndex((s) => s.id === step);
  const lines = index >= 0 ? (sections[index] ?? []) : log.lines;
  return (
    <Card withBorder p={0} data-testid="job-log-panel">
      <Group justify="space-between" p="sm" gap="sm">
        <Group gap="xs">
          <StateIcon state={job.status} />
          <Text fw={600}>{job.name || job.id}</Text>
          {job.reusedFrom && (
            <Text size="xs" c="dimmed">
              (kept from run #{job.reusedFrom})
            </Text>
          )}
        </Group>
        <ScrollArea type="never" maw="100%">
          <SegmentedControl
            size="xs"
            aria-label="Steps"
            value={index >= 0 ? (step as string) : ALL}
            onChange={(value) => onStep(value === ALL ? undefined : value)}
            data={[
              { value: ALL, label: 'All steps' },
              ...job.steps.map((s) => ({
                value: s.id,
                label: (
                  <Group gap={4} wrap="nowrap">
                    <StateIcon state={s.status} size={14} />
                    <span>{s.name || s.id}</span>
                  </Group>
                ),
              })),
            ]}
          />
        </ScrollArea>
      </Group>
      <LogText
        lines={lines}
        following={!log.complete && underWay(job.status)}
        empty={
          job.status === 'queued'
            ? 'The job has not started yet.'
            : job.status === 'skipped'
              ? 'The job was skipped: it never ran.'
              : index >= 0 && job.steps[index]?.status === 'skipped'
                ? 'The step was skipped: it never ran.'
                : 'Nothing written yet.'
        }
      />
      {log.error && (
        <Alert color="orange" icon={<IconAlertTriangle size={16} />} m="sm">
          {log.error} (trying again)
        </Alert>
      )}
    </Card>
  );
}

/** The log's lines, with the marker where lines are missing; kept at the bottom while it grows. */
function LogText({ lines, following, empty }: { lines: LogLine[]; following: boolean; empty: string }) {
  const viewport = useRef<HTMLDivElement>(null);
  const count = lines.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when lines arrive
  useEffect(() => {
    const box = viewport.current;
    if (box && following) box.scrollTop = box.scrollHeight;
  }, [count, following]);
  return (
    <ScrollArea.Autosize mah={480} viewportRef={viewport} type="auto">
      <pre
        data-testid="job-log"
        data-following={following}
        style={{
          margin: 0,
          padding: 'var(--mantine-spacing-sm)',
          background: 'var(--mantine-color-dark-8)',
          color: 'var(--mantine-color-gray-2)',
          fontSize: 12,
          lineHeight: 1.5,
          minHeight: 120,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
        }}
      >
        {count === 0 && !following ? <span style={{ opacity: 0.7 }}>{empty}</span> : null}
        {lines.map((line, i) =>
          line.kind === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines only ever grow at the end
            <div key={i} data-testid="log-gap" style={{ color: 'var(--mantine-color-yellow-4)' }}>
              ⋯ {line.missing} characters of the log are missing here ⋯
            </div>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines only ever grow at the end
            <div key={i} style={{ color: lineColor(line.text) }}>
              {line.text || '\u00a0'}
            </div>
          ),
        )}
        {following && (
          <div style={{ opacity: 0.7 }}>
            <Loader size={10} color="gray" /> following the log…
          </div>
        )}
      </pre>
    </ScrollArea.Autosize>
  );
}

/** Headers and end lines stand out from the steps' own output. */
function lineColor(text: string): string | undefined {
  if (text.startsWith('▶ ')) return 'var(--mantine-color-blue-3)';
  if (text.startsWith('$ ')) return 'var(--mantine-color-gray-5)';
  if (text === '[Exit code 0]') return 'var(--mantine-color-green-4)';
  if (/^\[(Exit code|Timed out|Stopped)/.test(text)) return 'var(--mantine-color-red-4)';
  return undefined;
}
