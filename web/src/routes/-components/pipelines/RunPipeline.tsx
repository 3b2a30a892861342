/**
 * Starting a run from a page: a pipeline without parameters starts at once; one with parameters
 * asks for them first (each with its default), and the server checks them again (a refusal names
 * `parameters.NAME`, shown under that field). A started run opens in the run detail.
 */
import { Checkbox, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { PipelineParameter } from '@shared/domain/pipeline-definition';
import type { Pipeline } from '@shared/schemas/pipelines';
import type { RunResults } from '@shared/schemas/pipelines-runs';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText, HttpError } from '../../../api/errors';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { COMBOBOX_PROPS } from '../../../kit/FormModal/fields';
import { pipelineQueryOptions, useStartRun } from './queries';

type Value = string | number | boolean;
type ParamForm = UseFormReturnType<Record<string, Value>>;

/** The parameters a stored definition declares (it passed the checks when it was saved). */
export async function parametersOf(yaml: string): Promise<PipelineParameter[]> {
  const { parse } = await import('yaml');
  const parsed = parse(yaml) as { parameters?: PipelineParameter[] } | null;
  return parsed?.parameters ?? [];
}

/** Run, with the parameter form when there are parameters; `open` starts it. */
export function useRunPipeline(identifier: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const start = useStartRun();
  const [asking, setAsking] = useState<{ pipeline: Pipeline; parameters: PipelineParameter[] } | null>(null);
  const [loading, setLoading] = useState<string | null>(null);

  function started(run: RunResults, pipeline: Pipeline) {
    notifications.show({ color: 'green', message: `Run #${run.number} of ${pipeline.name} queued` });
    setAsking(null);
    void navigate({
      to: '/$identifier/pipeline/$repo/$id',
      params: { identifier, repo: pipeline.repositoryId, id: pipeline.id },
      search: { run: run.number },
    });
  }

  async function open(pipeline: Pipeline) {
    setLoading(pipeline.id);
    try {
      const detail = await queryClient.fetchQuery(pipelineQueryOptions(pipeline.id));
      const parameters = await parametersOf(detail.yaml);
      if (parameters.length > 0) return setAsking({ pipeline, parameters });
      start.mutate(
        { id: pipeline.id },
        {
          onSuccess: (run) => started(run, pipeline),
          onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
        },
      );
    } finally {
      setLoading(null);
    }
  }

  const modal = asking && (
    <RunParametersModal
      key={asking.pipeline.id}
      pipeline={asking.pipeline}
      parameters={asking.parameters}
      pending={start.isPending}
      onClose={() => setAsking(null)}
      onSubmit={(parameters, form) =>
        start.mutate(
          { id: asking.pipeline.id, parameters },
          {
            onSuccess: (run) => started(run, asking.pipeline),
            onError: (error) => showParameterError(form, error),
          },
        )
      }
    />
  );
  return { open, modal, busy: (id: string) => loading === id || (start.isPending && !asking) };
}

/** The server names a refused value `parameters.NAME: problem`: show the problem under NAME. */
function showParameterError(form: { setFieldError(path: string, error: string): void }, error: unknown) {
  if (!(error instanceof HttpError)) return;
  const match = /^parameters\.(\w+): (.+)$/.exec(error.errorMessage);
  if (match?.[1] && match[2]) form.setFieldError(match[1], match[2]);
}

function initialValues(parameters: PipelineParameter[]): Record<string, Value> {
  return Object.fromEntries(
    parameters.map((p) => [p.name, p.default ?? (p.type === 'boolean' ? false : '')]),
  );
}

function RunParametersModal({
  pipeline,
  parameters,
  pending,
  onClose,
  onSubmit,
}: {
  pipeline: Pipeline;
  parameters: PipelineParameter[];
  pending: boolean;
  onClose: () => void;
  onSubmit: (values: Record<string, Value>, form: ParamForm) => void;
}) {
  const form: ParamForm = useForm<Record<string, Value>>({
    initialValues: initialValues(parameters),
    validate: Object.fromEntries(
      parameters.map((p) => [
        p.name,
        (value: Value) =>
          p.default === undefined && p.type !== 'boolean' && (value === '' || value === undefined)
            ? `${p.name} is required`
            : null,
      ]),
    ),
  });
  return (
    <FormModal
      title={`Run ${pipeline.name}`}
      onClose={onClose}
      pending={pending}
      submitLabel="Run"
      onSubmit={form.onSubmit((values) => onSubmit(values, form))}
      testId="run-parameters"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The run builds the newest commit of the repository's default branch with these values.
        </Text>
        {parameters.map((p) => (
          <ParameterField key={p.name} parameter={p} form={form} />
        ))}
      </Stack>
    </FormModal>
  );
}

function ParameterField({ parameter: p, form }: { parameter: PipelineParameter; form: ParamForm }) {
  const props = form.getInputProps(p.name, p.type === 'boolean' ? { type: 'checkbox' } : undefined);
  const common = { label: p.name, description: p.description, withAsterisk: p.default === undefined };
  const error = props.error;
  if (p.type === 'boolean')
    return <Checkbox {...props} label={p.name} description={p.description} error={error} />;
  if (p.type === 'select')
    return (
      <Select
        {...props}
        {...common}
        error={error}
        data={p.options ?? []}
        allowDeselect={false}
        comboboxProps={COMBOBOX_PROPS}
      />
    );
  if (p.type === 'number') return <NumberInput {...props} {...common} error={error} />;
  return <TextInput {...props} {...common} error={error} />;
}
