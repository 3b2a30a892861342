/**
 * "Add pipeline": a project, one of the repositories linked to it, and a template to start from.
 * The server copies the template's YAML into the new pipeline, and the editor opens on it.
 */
import { Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { PipelineTemplate } from '@shared/schemas/pipelines';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { COMBOBOX_PROPS } from '../../../kit/FormModal/fields';
import { saveOnce, useStartAfresh } from '../../../lib/form-modal';
import { projectRepositoriesQueryOptions } from '../../../queries/repositories';
import { ICON_LABELS, PipelineIcon } from './PipelineIcon';
import { templatesQueryOptions, useCreatePipeline, useRepositoriesAndProjects } from './queries';

interface Values {
  projectId: string;
  repositoryId: string;
  templateId: string;
}

const required = (label: string) => (value: string) => (value ? null : `Please choose ${label}`);

export function AddPipelineModal({
  opened,
  onClose,
  identifier,
  projectId,
}: {
  opened: boolean;
  onClose: () => void;
  identifier: string;
  /** The project the list is filtered by, chosen to begin with. */
  projectId?: string;
}) {
  const navigate = useNavigate();
  const create = useCreatePipeline();
  const { projects } = useRepositoriesAndProjects();
  const templates = useQuery({ ...templatesQueryOptions(), enabled: opened });
  const form = useForm<Values>({
    initialValues: { projectId: '', repositoryId: '', templateId: '' },
    validate: {
      projectId: required('a project'),
      repositoryId: required('a repository'),
      templateId: required('a template'),
    },
  });
  const start = () => ({
    projectId: projectId ?? '',
    repositoryId: '',
    templateId: templates.data?.[0]?.id ?? '',
  });
  useStartAfresh(form, opened, start, [templates.data?.[0]?.id]);
  const chosenProject = form.getValues().projectId;
  const linked = useQuery({
    ...projectRepositoriesQueryOptions({ pmsProjectId: chosenProject, pageNum: 1, pageSize: 100 }),
    enabled: opened && chosenProject !== '',
  });
  const repositoryData = (linked.data?.rows ?? []).map((r) => ({ value: r.id, label: r.name }));
  const noLinks = chosenProject !== '' && linked.isSuccess && repositoryData.length === 0;

  const submit = form.onSubmit((values) =>
    create.mutate(
      values,
      saveOnce(
        { form, onClose },
        (saved) => `${saved.name} created`,
        (saved) =>
          navigate({
            to: '/$identifier/pipeline/$repo/$id/edit',
            params: { identifier, repo: saved.repositoryId, id: saved.id },
          }),
      ),
    ),
  );

  return (
    <FormModal
      title="Add pipeline"
      opened={opened}
      onClose={onClose}
      pending={create.isPending}
      onSubmit={submit}
      submitLabel="Create and edit"
      testId="add-pipeline"
    >
      <Stack gap="sm">
        <Select
          label="Project"
          withAsterisk
          searchable
          data={projects}
          comboboxProps={COMBOBOX_PROPS}
          {...form.getInputProps('projectId')}
          onChange={(value) => {
            form.setFieldValue('projectId', value ?? '');
            form.setFieldValue('repositoryId', '');
          }}
        />
        <Select
          label="Repository"
          withAsterisk
          searchable
          description="One of the code repositories linked to the project"
          data={repositoryData}
          disabled={chosenProject === ''}
          comboboxProps={COMBOBOX_PROPS}
          {...form.getInputProps('repositoryId')}
          onChange={(value) => form.setFieldValue('repositoryId', value ?? '')}
        />
        {noLinks && (
          <Text size="sm" c="orange" data-testid="add-pipeline-no-links">
            The project has no linked repository yet: link one on the project's Code tab first.
          </Text>
        )}
        <Select
          label="Template"
          withAsterisk
          data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          comboboxProps={COMBOBOX_PROPS}
          renderOption={({ option }) => (
            <TemplateOption template={templates.data?.find((t) => t.id === option.value)} />
          )}
          {...form.getInputProps('templateId')}
          onChange={(value) => form.setFieldValue('templateId', value ?? '')}
        />
      </Stack>
    </FormModal>
  );
}

function TemplateOption({ template }: { template: PipelineTemplate | undefined }) {
  if (!template) return null;
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
        <PipelineIcon name={template.icon} size={16} />
        {template.name}
      </Text>
      <Text size="xs" c="dimmed">
        {template.description || ICON_LABELS[template.icon]}
      </Text>
    </Stack>
  );
}
