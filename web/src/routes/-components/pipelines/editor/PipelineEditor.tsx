import './pipeline-editor.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DefinitionProblem } from '@shared/domain/pipeline-definition';
import {
  addJob,
  addStage,
  addStep,
  deleteEntity,
  type EntityAddress,
  GraphEditError,
  moveStep,
  type StepAddress,
} from '@shared/domain/pipeline-graph';
import type { ActionNode, PipelineDetail } from '@shared/schemas/pipelines';
import { IconArrowLeft, IconDeviceFloppy, IconHistory, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { errorText, HttpError } from '../../../../api/errors';
import { ActionButton } from '../../../../kit/ActionButton/ActionButton';
import { fromNow, fullDateTime } from '../../../../lib/relative-time';
import { type EditorActions, EditorContext } from './editor-context';
import {
  actionNodesQueryOptions,
  pipelineDetailQueryOptions,
  revisionsQueryOptions,
  useSaveYaml,
} from './editor-queries';
import { GraphView } from './GraphView';
import { Inspector } from './Inspector';
import { Palette } from './Palette';
import { useDefinition } from './use-definition';

// CodeMirror is a chunk of its own beside the graph's (each under the build's 600 KB warning),
// fetched at once with it.
const YamlPane = lazy(() => import('./YamlPane').then((m) => ({ default: m.YamlPane })));

export interface PipelineEditorProps {
  identifier: string;
  repo: string;
  pipelineId: string;
}

/** `/{identifier}/pipeline/{repo}/{id}/edit`: loads the pipeline and the palette, then the editor. */
export default function PipelineEditorPage({ identifier, repo, pipelineId }: PipelineEditorProps) {
  const pipeline = useQuery(pipelineDetailQueryOptions(pipelineId));
  const nodes = useQuery(actionNodesQueryOptions());
  if (pipeline.error || nodes.error)
    return (
      <Alert color="red" title="The pipeline could not be loaded" m="md">
        {errorText(pipeline.error ?? nodes.error)}
      </Alert>
    );
  if (!pipeline.data || !nodes.data) return <Loader m="xl" aria-label="Loading the pipeline" />;
  return (
    <Editor
      // A pipeline saved elsewhere starts the editor afresh only when its id changes.
      key={pipeline.data.id}
      pipeline={pipeline.data}
      actionNodes={nodes.data}
      backTo={`/${identifier}/pipeline/${repo}/${pipelineId}`}
    />
  );
}

function Editor({
  pipeline,
  actionNodes,
  backTo,
}: {
  pipeline: PipelineDetail;
  actionNodes: ActionNode[];
  backTo: string;
}) {
  const router = useRouter();
  const [saved, setSaved] = useState({
    yaml: pipeline.yaml,
    version: pipeline.version,
    revision: pipeline.revision,
  });
  const definition = useDefinition(pipeline.yaml, actionNodes);
  const [selected, setSelected] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [message, setMessage] = useState('');
  const save = useSaveYaml(pipeline.id);
  const dirty = definition.text !== saved.yaml;

  const actions = useEditorActions(definition, actionNodes, selected, setSelected);

  const onSave = () => {
    setRefusal(null);
    save.mutate(
      {
        version: saved.version,
        yaml: definition.text,
        ...(message.trim() ? { message: message.trim() } : {}),
      },
      {
        onSuccess: (next) => {
          setSaved({ yaml: next.yaml, version: next.version, revision: next.revision });
          setMessage('');
          notifications.show({ color: 'green', message: `Saved as revision ${next.revision}` });
        },
        onError: (error) => {
          const problems = serverProblems(error);
          if (problems.length > 0) definition.showProblems(problems);
          setRefusal(errorText(error, 'The definition was not saved'));
        },
      },
    );
  };

  return (
    <EditorContext.Provider value={actions}>
      <Stack gap="sm" p="md" data-testid="pipeline-editor">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 280px' }}>
            <Anchor
              href={backTo}
              onClick={(e) => {
                e.preventDefault();
                router.history.push(backTo);
              }}
              aria-label="Back to the pipeline"
            >
              <IconArrowLeft size={18} />
            </Anchor>
            <Title order={3} lineClamp={1}>
              {pipeline.name}
            </Title>
            <Badge variant="light" style={{ flex: 'none' }}>
              revision {saved.revision}
            </Badge>
            {dirty && (
              <Badge color="orange" variant="light" data-testid="unsaved" style={{ flex: 'none' }}>
                Unsaved changes
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ActionButton icon={IconPlus} onClick={() => actions.addStage()}>
              Add stage
            </ActionButton>
            <ActionButton icon={IconHistory} onClick={() => setHistoryOpen(true)}>
              History
            </ActionButton>
            <TextInput
              size="xs"
              placeholder="What changed (optional)"
              aria-label="Save message"
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              w={170}
            />
            <ActionButton
              variant="filled"
              icon={IconDeviceFloppy}
              onClick={onSave}
              loading={save.isPending}
              disabled={!dirty}
              data-testid="save-pipeline"
            >
              Save
            </ActionButton>
          </Group>
        </Group>
        {refusal && (
          <Alert
            color="red"
            withCloseButton
            onClose={() => setRefusal(null)}
            data-testid="save-refusal"
            py={6}
          >
            {refusal}
          </Alert>
        )}
        <Group align="stretch" gap="sm" wrap="nowrap">
          <Paper withBorder p="sm" w={190} style={{ flex: 'none' }}>
            <Palette />
          </Paper>
          <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
            <Paper
              withBorder
              style={{ height: 'max(320px, 100dvh - 480px)', position: 'relative', overflow: 'hidden' }}
            >
              <GraphView graph={definition.graph} />
              {definition.stale && (
                <Badge
                  color="orange"
                  style={{ position: 'absolute', top: 8, left: 8 }}
                  data-testid="graph-stale"
                >
                  The YAML has a problem: the last good graph is shown
                </Badge>
              )}
            </Paper>
            <Suspense fallback={<Loader size="sm" aria-label="Loading the YAML editor" />}>
              <YamlPane
                text={definition.text}
                problems={definition.problems}
                onChange={definition.type}
                height="260px"
              />
            </Suspense>
          </Stack>
          <Paper withBorder p="sm" w={300} style={{ flex: 'none', overflowY: 'auto' }}>
            <Inspector graph={definition.graph} />
          </Paper>
        </Group>
      </Stack>
      <History
        pipelineId={pipeline.id}
        opened={historyOpen}
        onClose={() => setHistoryOpen(false)}
        onLoad={(yaml) => {
          definition.apply(yaml);
          setHistoryOpen(false);
        }}
      />
    </EditorContext.Provider>
  );
}

/** The edits the graph, the palette and the side form call, each on the current text. */
function useEditorActions(
  definition: ReturnType<typeof useDefinition>,
  actionNodes: ActionNode[],
  selected: string | null,
  select: (key: string | null) => void,
): EditorActions {
  const { text, apply, graphProblems } = definition;
  return useMemo(() => {
    const edit = (change: (current: string) => string) => {
      try {
        apply(change(text));
      } catch (error) {
        if (!(error instanceof GraphEditError)) throw error;
        notifications.show({ color: 'red', message: error.message });
      }
    };
    const node = (key: string) => actionNodes.find((n) => n.key === key) ?? { key };
    const problemsByKey = new Map<string, string[]>();
    for (const problem of graphProblems)
      problemsByKey.set(problem.key, [...(problemsByKey.get(problem.key) ?? []), problem.message]);
    return {
      actionNodes,
      selected,
      select,
      problemsByKey,
      edit,
      addStep: (job, key, at) => edit((t) => addStep(t, job, node(key), at)),
      moveStep: (from: StepAddress, to: StepAddress) => {
        edit((t) => moveStep(t, from, to));
        select(null);
      },
      addJob: (stage, key) => edit((t) => addJob(t, stage, key ? { step: node(key) } : {})),
      addStage: (key) => edit((t) => addStage(t, key ? { step: node(key) } : {})),
      remove: (address: EntityAddress) => {
        edit((t) => deleteEntity(t, address));
        select(null);
      },
    };
  }, [text, apply, graphProblems, actionNodes, selected, select]);
}

/** The problems of a refused save (`data.problems` of the 400). */
function serverProblems(error: unknown): DefinitionProblem[] {
  if (!(error instanceof HttpError)) return [];
  const data = error.data as { problems?: DefinitionProblem[] } | undefined;
  return Array.isArray(data?.problems) ? data.problems : [];
}

function History({
  pipelineId,
  opened,
  onClose,
  onLoad,
}: {
  pipelineId: string;
  opened: boolean;
  onClose: () => void;
  onLoad: (yaml: string) => void;
}) {
  const revisions = useQuery({ ...revisionsQueryOptions(pipelineId), enabled: opened });
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Saved definitions" size="md">
      {revisions.isPending && <Loader size="sm" />}
      {revisions.error && <Text c="red">{errorText(revisions.error)}</Text>}
      <Stack gap="xs" data-testid="pipeline-revisions">
        {revisions.data?.rows.map((revision) => (
          <Paper key={revision.revision} withBorder p="xs">
            <Group justify="space-between" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  Revision {revision.revision}
                </Text>
                <Text size="xs" c="dimmed" title={fullDateTime(revision.createdAt)}>
                  {revision.author?.nickname ?? 'Someone'} · {fromNow(revision.createdAt)}
                </Text>
                {revision.message && (
                  <Text size="xs" lineClamp={2}>
                    {revision.message}
                  </Text>
                )}
              </div>
              <Button size="xs" variant="light" onClick={() => onLoad(revision.yaml)}>
                Load
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Drawer>
  );
}
