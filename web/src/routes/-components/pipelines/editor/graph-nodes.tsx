import { ActionIcon, Badge, Group, Menu, ScrollArea, Text, Tooltip } from '@mantine/core';
import type { JobNode, StageNode, StepNode } from '@shared/domain/pipeline-graph';
import { IconGripVertical, IconPlus } from '@tabler/icons-react';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { type DragEvent, type ReactNode, useState } from 'react';
import { carriesPipelineThing, DRAG_STEP, dropped, useEditor } from './editor-context';
import { NodeIcon } from './node-icons';

/** Hidden handles: edges need them, people do not connect anything by hand (needs are set in the form). */
function Handles() {
  return (
    <>
      <Handle type="target" position={Position.Left} className="pe-handle" isConnectable={false} />
      <Handle type="source" position={Position.Right} className="pe-handle" isConnectable={false} />
    </>
  );
}

/** Drop handling for one target: highlights while something droppable is over it. */
function useDropTarget(onDrop: (transfer: DataTransfer) => void) {
  const [over, setOver] = useState(false);
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!carriesPipelineThing(event.dataTransfer)) return;
        event.preventDefault();
        event.stopPropagation();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        event.stopPropagation();
        setOver(false);
        onDrop(event.dataTransfer);
      },
    },
  };
}

/**
 * The props of a stage's or a job's box in the graph: its class (marked when the check found
 * problems with it), whether it is selected, the drop highlight and handling, and its test id.
 * Gives the problems too, for the header's tooltip.
 */
function useGraphBox(
  className: string,
  key: string,
  testId: string,
  onDrop: (thing: ReturnType<typeof dropped>) => void,
) {
  const editor = useEditor();
  const drop = useDropTarget((transfer) => onDrop(dropped(transfer)));
  const problems = editor.problemsByKey.get(key);
  const box = {
    className: `${className}${problems ? ' pe-problem' : ''}`,
    'data-selected': editor.selected === key,
    'data-over': drop.over,
    'data-testid': testId,
    ...drop.handlers,
  };
  return { problems, box };
}

export function TerminalView({ data }: NodeProps) {
  const start = (data as { kind: 'start' | 'end' }).kind === 'start';
  return (
    <div
      className="pe-terminal"
      data-testid={start ? 'graph-start' : 'graph-end'}
      style={{ background: start ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-6)' }}
    >
      {start ? 'Start' : 'End'}
      <Handles />
    </div>
  );
}

export function StageView({ data }: NodeProps) {
  const { stage } = data as { stage: StageNode };
  const editor = useEditor();
  const { problems, box } = useGraphBox('pe-stage', stage.key, `graph-stage-${stage.id}`, (thing) => {
    if (thing?.kind === 'node') editor.addJob(stage.address, thing.key);
  });
  return (
    <div {...box}>
      <div className="pe-stage-header nodrag">
        <button
          type="button"
          className="pe-stage-header"
          style={{ padding: 0, cursor: 'pointer', minWidth: 0 }}
          onClick={() => editor.select(stage.key)}
          title={problems?.join('\n')}
        >
          <Text component="span" fw={600} size="sm" truncate display="block">
            {stage.name ?? stage.id}
          </Text>
        </button>
        <Tooltip label="Add a job to this stage">
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={`Add a job to ${stage.id}`}
            onClick={(e) => {
              e.stopPropagation();
              editor.addJob(stage.address);
            }}
          >
            <IconPlus size={14} />
          </ActionIcon>
        </Tooltip>
      </div>
    </div>
  );
}

export function DropZoneView({ data }: NodeProps) {
  const { stage } = data as { stage: StageNode | null };
  const editor = useEditor();
  const drop = useDropTarget((transfer) => {
    const thing = dropped(transfer);
    if (thing?.kind !== 'node') return;
    if (stage) editor.addJob(stage.address, thing.key);
    else editor.addStage(thing.key);
  });
  return (
    <div
      className="pe-drop nodrag nopan"
      data-over={drop.over}
      data-testid={stage ? `graph-empty-${stage.id}` : 'graph-new-stage'}
      {...drop.handlers}
    >
      {stage ? 'Drop an action node here' : 'Drop an action node here for a new stage'}
      <Handles />
    </div>
  );
}

export function JobView({ data }: NodeProps) {
  const { job, steps } = data as { job: JobNode; steps: StepNode[] };
  const editor = useEditor();
  const { problems, box } = useGraphBox('pe-job', job.key, `graph-job-${job.id}`, (thing) => {
    if (thing?.kind === 'node') editor.addStep(job.address, thing.key);
    else if (thing?.kind === 'step') editor.moveStep(thing.from, { ...job.address, step: steps.length });
  });
  return (
    <div {...box}>
      <Handles />
      <button
        type="button"
        className="pe-job-header nodrag"
        onClick={() => editor.select(job.key)}
        title={problems?.join('\n')}
      >
        <Text component="span" fw={600} size="sm" truncate display="block">
          {job.name ?? job.id}
        </Text>
        <Group component="span" gap={4} wrap="nowrap">
          <Text component="span" size="xs" c="dimmed" truncate>
            {job.id}
          </Text>
          {job.needs.length > 0 && (
            <Badge size="xs" variant="light" color="violet">
              needs {job.needs.join(', ')}
            </Badge>
          )}
        </Group>
      </button>
      {steps.map((step) => (
        <StepRow key={step.key} step={step} />
      ))}
      {steps.length === 0 && (
        <Text size="xs" c="dimmed" px="sm" py={8}>
          Drop an action node here
        </Text>
      )}
      <AddStepMenu job={job} />
    </div>
  );
}

function StepRow({ step }: { step: StepNode }) {
  const editor = useEditor();
  const node = editor.actionNodes.find((n) => n.key === step.uses);
  const drop = useDropTarget((transfer) => {
    const thing = dropped(transfer);
    if (thing?.kind === 'node') editor.addStep(step.address, thing.key, step.address.step);
    else if (thing?.kind === 'step') editor.moveStep(thing.from, step.address);
  });
  const problems = editor.problemsByKey.get(step.key);
  return (
    <button
      type="button"
      className="pe-step nodrag nopan"
      data-selected={editor.selected === step.key}
      data-over={drop.over}
      data-problem={Boolean(problems)}
      data-testid={`graph-step-${step.id}`}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_STEP, JSON.stringify(step.address));
        event.dataTransfer.effectAllowed = 'move';
      }}
      onClick={() => editor.select(step.key)}
      title={problems?.join('\n') ?? `${step.id}: ${node?.name ?? step.uses}`}
      {...drop.handlers}
    >
      <IconGripVertical size={14} className="pe-grip" />
      <NodeIcon icon={node?.icon} />
      <span className="pe-step-name">{step.name ?? step.id}</span>
      <Text component="span" size="xs" c="dimmed" truncate maw={80}>
        {step.uses}
      </Text>
    </button>
  );
}

/** The keyboard's way to add a step: a menu of the action nodes. */
export function AddStepMenu({ job, children }: { job: JobNode; children?: ReactNode }) {
  const editor = useEditor();
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        {children ?? (
          <button
            type="button"
            className="nodrag"
            style={addButtonStyle}
            aria-label={`Add step to ${job.id}`}
          >
            <IconPlus size={14} /> Add step
          </button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={280}>
          {editor.actionNodes.map((node) => (
            <Menu.Item
              key={node.key}
              leftSection={<NodeIcon icon={node.icon} />}
              onClick={() => editor.addStep(job.address, node.key)}
            >
              {node.name}
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}

const addButtonStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  margin: 'auto 8px 6px',
  padding: '4px 6px',
  border: 'none',
  background: 'transparent',
  color: 'var(--mantine-color-blue-6)',
  fontSize: 'var(--mantine-font-size-xs)',
  cursor: 'pointer',
} as const;
