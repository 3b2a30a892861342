import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { InputValue } from '@shared/domain/pipeline-catalogue';
import { valueProblem } from '@shared/domain/pipeline-definition';
import {
  type JobNode,
  type PipelineGraph,
  type StageNode,
  type StepNode,
  setField,
  setInput,
  setNeeds,
} from '@shared/domain/pipeline-graph';
import type { NodeInput } from '@shared/schemas/pipelines';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ActionButton } from '../../../../kit/ActionButton/ActionButton';
import { useEditor } from './editor-context';
import { AddStepMenu } from './graph-nodes';
import { NodeIcon } from './node-icons';

/** The side form of the selected stage, job or step; every change writes the YAML. */
export function Inspector({ graph }: { graph: PipelineGraph }) {
  const { selected } = useEditor();
  const node = graph.nodes.find((n) => n.key === selected);
  let body = (
    <Text size="sm" c="dimmed">
      Select a stage, a job or a step to edit it here. Drag action nodes from the palette onto a job, or use a
      job's "Add step".
    </Text>
  );
  if (node?.kind === 'stage') body = <StageForm key={node.key} stage={node} />;
  if (node?.kind === 'job') body = <JobForm key={node.key} job={node} graph={graph} />;
  if (node?.kind === 'step') body = <StepForm key={node.key} step={node} />;
  return (
    <Stack gap="sm" data-testid="pipeline-inspector">
      {body}
    </Stack>
  );
}

/** A text field written to the YAML when it loses focus or on Enter (an id typed letter by letter would rename needs at each). */
function CommitInput({
  label,
  value,
  onCommit,
  description,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  description?: string;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => draft !== value && onCommit(draft.trim());
  return (
    <TextInput
      size="xs"
      label={label}
      description={description}
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}

/** The id and name every stage, job and step has, each written when the field is left. */
function IdAndName({ node, idHint }: { node: StageNode | JobNode | StepNode; idHint?: string }) {
  const editor = useEditor();
  return (
    <>
      <CommitInput
        label="Id"
        description={idHint}
        value={node.id}
        onCommit={(v) => editor.edit((t) => setField(t, node.address, 'id', v))}
      />
      <CommitInput
        label="Name"
        value={node.name ?? ''}
        onCommit={(v) => editor.edit((t) => setField(t, node.address, 'name', v))}
      />
    </>
  );
}

/** "Delete stage", "Delete job": the node goes with all it holds. */
function DeleteNodeButton({ node, children }: { node: StageNode | JobNode; children: string }) {
  const editor = useEditor();
  return (
    <ActionButton variant="subtle" icon={IconTrash} color="red" onClick={() => editor.remove(node.address)}>
      {children}
    </ActionButton>
  );
}

function StageForm({ stage }: { stage: StageNode }) {
  const editor = useEditor();
  return (
    <>
      <Title order={5}>Stage {stage.id}</Title>
      <IdAndName node={stage} />
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => editor.addJob(stage.address)}>
          Add job
        </Button>
        <DeleteNodeButton node={stage}>Delete stage</DeleteNodeButton>
      </Group>
    </>
  );
}

function JobForm({ job, graph }: { job: JobNode; graph: PipelineGraph }) {
  const editor = useEditor();
  const others = graph.nodes
    .filter(
      (n): n is JobNode => n.kind === 'job' && n.address.stage === job.address.stage && n.key !== job.key,
    )
    .map((n) => n.id);
  return (
    <>
      <Title order={5}>Job {job.id}</Title>
      <IdAndName node={job} idHint="Unique in the pipeline; the needs that name it follow" />
      <MultiSelect
        size="xs"
        label="Needs"
        description="Jobs of this stage to wait for"
        data={[...new Set([...others, ...job.needs])]}
        value={job.needs}
        onChange={(needs) => editor.edit((t) => setNeeds(t, job.address, needs))}
        clearable
      />
      <Group gap="xs">
        <AddStepMenu job={job}>
          <Button size="xs" variant="light">
            Add step
          </Button>
        </AddStepMenu>
        <DeleteNodeButton node={job}>Delete job</DeleteNodeButton>
      </Group>
    </>
  );
}

function StepForm({ step }: { step: StepNode }) {
  const editor = useEditor();
  const node = editor.actionNodes.find((n) => n.key === step.uses);
  const { address } = step;
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <NodeIcon icon={node?.icon} size={18} />
        <Title order={5} style={{ minWidth: 0 }} lineClamp={1}>
          {node?.name ?? step.uses}
        </Title>
      </Group>
      {node?.description && (
        <Text size="xs" c="dimmed">
          {node.description}
        </Text>
      )}
      <IdAndName node={step} />
      {!node && (
        <Text size="sm" c="red">
          No action node is called {step.uses}.
        </Text>
      )}
      {node?.inputs.map((input) => (
        <InputField
          key={input.name}
          input={input}
          value={step.inputs[input.name]}
          onChange={(value) => editor.edit((t) => setInput(t, address, input.name, value))}
        />
      ))}
      <NumberInput
        size="xs"
        label="Time-out (minutes)"
        description="1 to 360; 60 when left empty"
        min={1}
        max={360}
        value={step.timeoutMinutes ?? ''}
        onChange={(v) =>
          editor.edit((t) => setField(t, address, 'timeoutMinutes', typeof v === 'number' ? v : undefined))
        }
      />
      <Group gap="xs">
        <ActionButton
          icon={IconArrowUp}
          disabled={address.step === 0}
          onClick={() => editor.moveStep(address, { ...address, step: address.step - 1 })}
        >
          Up
        </ActionButton>
        <ActionButton
          icon={IconArrowDown}
          onClick={() => editor.moveStep(address, { ...address, step: address.step + 1 })}
        >
          Down
        </ActionButton>
        <ActionButton variant="subtle" icon={IconTrash} color="red" onClick={() => editor.remove(address)}>
          Delete step
        </ActionButton>
      </Group>
    </>
  );
}

/** One input of the step's action node, by its type, with its default and its check. */
function InputField({
  input,
  value,
  onChange,
}: {
  input: NodeInput;
  value: InputValue | undefined;
  onChange: (value: InputValue | undefined) => void;
}) {
  const fallback = input.defaultValue === null ? undefined : String(input.defaultValue);
  const missing = value === undefined && input.required && input.defaultValue === null;
  const isReference = typeof value === 'string' && /^\{\{\s*params\.\w+\s*\}\}$/.test(value.trim());
  const error = missing
    ? `${input.label} is required`
    : value === undefined || isReference
      ? null
      : valueProblem(input, value);
  const common = {
    size: 'xs' as const,
    label: input.label,
    description: input.description || undefined,
    required: input.required,
    error,
  };
  // Empty means "the node's default": the input is left out of `with`.
  const text = (v: string) => onChange(v === '' ? undefined : v);
  switch (input.type) {
    case 'text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={10}
          placeholder={fallback}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={value === undefined ? '' : String(value)}
          onChange={(e) => text(e.currentTarget.value)}
        />
      );
    case 'number':
      return isReference ? (
        <TextInput {...common} value={String(value)} onChange={(e) => text(e.currentTarget.value)} />
      ) : (
        <NumberInput
          {...common}
          placeholder={fallback}
          value={typeof value === 'number' ? value : value === undefined ? '' : String(value)}
          onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? undefined : v)}
        />
      );
    case 'boolean':
      return (
        <Switch
          size="sm"
          label={input.label}
          description={
            value === undefined && fallback !== undefined
              ? `Default: ${fallback}`
              : input.description || undefined
          }
          error={error}
          checked={value === undefined ? input.defaultValue === true : value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={input.options}
          placeholder={fallback ? `Default: ${fallback}` : 'Choose'}
          value={value === undefined ? null : String(value)}
          onChange={(v) => onChange(v ?? undefined)}
          clearable
        />
      );
    default:
      return (
        <TextInput
          {...common}
          placeholder={fallback}
          value={value === undefined ? '' : String(value)}
          onChange={(e) => text(e.currentTarget.value)}
        />
      );
  }
}
