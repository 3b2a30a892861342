/**
 * Admin of pipeline templates (`/admin/pipeline/template`, `templateAdd`, `template/{id}`): whole
 * pipelines to start from. A template's YAML is shown read-only until "Change YAML" (the pipeline
 * editor is where definitions are built); it is checked like a pipeline's when saved, and a
 * refusal names its line and field under the box.
 */
import { Button, Code, Group, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import type { PipelineTemplate } from '@shared/schemas/pipelines';
import { IconPencil, IconPlus, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { LinkAnchor, LinkButton } from '../../../../components/Links/Links';
import { TextCell } from '../../../../kit/ListTable/cells';
import { useStartAfresh } from '../../../../lib/form-modal';
import {
  catalogueItemQueryOptions,
  templatesQueryOptions,
  useCreateCatalogueItem,
  useDeleteCatalogueItem,
  useUpdateCatalogueItem,
} from '../queries';
import { BackLink, CatalogueFormPage, CatalogueListPage, IconCell, IconSelect } from './CatalogueAdmin';

export function TemplateListPage({ identifier }: { identifier: string }) {
  useDocumentTitle('Pipeline templates');
  const navigate = useNavigate();
  const query = useQuery(templatesQueryOptions());
  return (
    <CatalogueListPage<PipelineTemplate>
      title="Pipeline templates"
      what="templates"
      icon={<IconTemplate size={22} />}
      query={query}
      rows={query.data}
      testId="template-table"
      rowTestId={(t) => `template-row-${t.name}`}
      onOpen={(t) =>
        void navigate({ to: '/$identifier/admin/pipeline/template/$id', params: { identifier, id: t.id } })
      }
      emptyText="A template is a whole pipeline people start a new one from."
      actions={
        <LinkButton
          leftSection={<IconPlus size={16} />}
          to="/$identifier/admin/pipeline/templateAdd"
          params={{ identifier }}
        >
          Add template
        </LinkButton>
      }
      columns={[
        {
          key: 'name',
          title: 'Name',
          role: 'title',
          render: (t) => (
            <LinkAnchor to="/$identifier/admin/pipeline/template/$id" params={{ identifier, id: t.id }}>
              {t.name}
            </LinkAnchor>
          ),
        },
        { key: 'icon', title: 'Icon', render: (t) => <IconCell icon={t.icon} /> },
        {
          key: 'description',
          title: 'Description',
          role: 'secondary',
          render: (t) => <TextCell value={t.description} dimmed />,
        },
      ]}
    />
  );
}

interface Values {
  name: string;
  icon: string;
  description: string;
  yaml: string;
  sort: number;
}

const EMPTY: Values = { name: '', icon: 'default', description: '', yaml: '', sort: 0 };

export function TemplateFormPage({ identifier, templateId }: { identifier: string; templateId?: string }) {
  const navigate = useNavigate();
  const item = useQuery({
    ...catalogueItemQueryOptions<PipelineTemplate>('templates', templateId ?? ''),
    enabled: !!templateId,
  });
  const current = item.data;
  const title = templateId ? `Template ${current?.name ?? ''}`.trim() : 'New template';
  useDocumentTitle(title);
  const [editingYaml, setEditingYaml] = useState(!templateId);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: {
      name: (v) => (v.trim() ? null : 'Please enter name'),
      yaml: (v) => (v.trim() ? null : 'Please enter yaml'),
    },
  });
  useStartAfresh(
    form,
    !templateId || !!current,
    () =>
      current
        ? {
            name: current.name,
            icon: current.icon,
            description: current.description,
            yaml: current.yaml,
            sort: current.sort,
          }
        : EMPTY,
    [current?.id, current?.version],
  );
  // A refusal of the YAML (its line and field) must be seen: open the box it is under.
  const yamlError = form.errors.yaml;
  useEffect(() => {
    if (yamlError) setEditingYaml(true);
  }, [yamlError]);
  const create = useCreateCatalogueItem<PipelineTemplate>('templates');
  const update = useUpdateCatalogueItem<PipelineTemplate>('templates', templateId ?? '');
  const remove = useDeleteCatalogueItem('templates');
  const toList = () => void navigate({ to: '/$identifier/admin/pipeline/template', params: { identifier } });
  return (
    <CatalogueFormPage
      title={title}
      testId="template-form"
      back={
        <LinkAnchor to="/$identifier/admin/pipeline/template" params={{ identifier }}>
          <BackLink>Templates</BackLink>
        </LinkAnchor>
      }
      loading={!!templateId && item.isPending}
      failed={item.isError ? { what: 'template', retry: () => void item.refetch() } : undefined}
      form={form}
      toBody={(values) => (current ? { ...values, version: current.version } : { ...values })}
      write={current ? update : create}
      saved={(t) => `Template ${t.name} saved`}
      afterSave={toList}
      remove={
        current && {
          name: current.name,
          pending: remove.isPending,
          run: (callbacks) => remove.mutate(current.id, callbacks),
          onDeleted: toList,
        }
      }
    >
      <TextInput label="Name" withAsterisk maxLength={100} {...form.getInputProps('name')} />
      <IconSelect {...form.getInputProps('icon')} />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxLength={500}
        {...form.getInputProps('description')}
      />
      {editingYaml ? (
        <Textarea
          label="Definition (YAML)"
          withAsterisk
          description="Checked like a pipeline's when saved"
          autosize
          minRows={10}
          maxRows={30}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          {...form.getInputProps('yaml')}
        />
      ) : (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Definition (YAML)
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditingYaml(true)}
            >
              Change YAML
            </Button>
          </Group>
          <Code block data-testid="template-yaml" style={{ maxHeight: 480, overflow: 'auto' }}>
            {form.getValues().yaml}
          </Code>
        </Stack>
      )}
      <NumberInput label="Sort" min={0} max={10000} w={160} {...form.getInputProps('sort')} />
    </CatalogueFormPage>
  );
}
