/**
 * Admin of pipeline templates (`/admin/pipeline/template`, `templateAdd`, `template/{id}`): whole
 * pipelines to start from. A template's YAML is shown read-only until "Change YAML" (the pipeline
 * editor is where definitions are built); it is checked like a pipeline's when saved, and a
 * refusal names its line and field under the box.
 */

import { Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { PipelineTemplate } from '@shared/schemas/pipelines';
import { IconPencil, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ActionButton } from '../../../../kit/ActionButton/ActionButton';
import { TextCell } from '../../../../kit/ListTable/cells';
import { templatesQueryOptions } from '../queries';
import {
  CatalogueFormPage,
  CatalogueListPage,
  IconCell,
  IconSelect,
  useCatalogueItem,
} from './CatalogueAdmin';
import { CodeField, DescriptionField, SortField } from './catalogue-fields';

export function TemplateListPage({ identifier }: { identifier: string }) {
  return (
    <CatalogueListPage<PipelineTemplate>
      kind="templates"
      identifier={identifier}
      title="Pipeline templates"
      what="templates"
      icon={<IconTemplate size={22} />}
      query={useQuery(templatesQueryOptions())}
      testId="template-table"
      rowTestId={(t) => `template-row-${t.name}`}
      emptyText="A template is a whole pipeline people start a new one from."
      addLabel="Add template"
      columns={[
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

type Values = {
  name: string;
  icon: string;
  description: string;
  yaml: string;
  sort: number;
};

const EMPTY: Values = { name: '', icon: 'default', description: '', yaml: '', sort: 0 };

export function TemplateFormPage({ identifier, templateId }: { identifier: string; templateId?: string }) {
  const [editingYaml, setEditingYaml] = useState(!templateId);
  const { form, current, page } = useCatalogueItem<PipelineTemplate, Values>({
    kind: 'templates',
    id: templateId,
    what: 'template',
    empty: EMPTY,
    validate: {
      name: (v) => (v.trim() ? null : 'Please enter name'),
      yaml: (v) => (v.trim() ? null : 'Please enter yaml'),
    },
  });
  const title = templateId ? `Template ${current?.name ?? ''}`.trim() : 'New template';
  useDocumentTitle(title);
  // A refusal of the YAML (its line and field) must be seen: open the box it is under.
  const yamlError = form.errors.yaml;
  useEffect(() => {
    if (yamlError) setEditingYaml(true);
  }, [yamlError]);
  return (
    <CatalogueFormPage
      identifier={identifier}
      backLabel="Templates"
      title={title}
      testId="template-form"
      {...page()}
      saved={(t) => `Template ${t.name} saved`}
    >
      <TextInput label="Name" withAsterisk maxLength={100} {...form.getInputProps('name')} />
      <IconSelect {...form.getInputProps('icon')} />
      <DescriptionField {...form.getInputProps('description')} />
      {editingYaml ? (
        <CodeField
          label="Definition (YAML)"
          withAsterisk
          description="Checked like a pipeline's when saved"
          minRows={10}
          maxRows={30}
          {...form.getInputProps('yaml')}
        />
      ) : (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Definition (YAML)
            </Text>
            <ActionButton
              variant="subtle"
              size="compact-sm"
              icon={IconPencil}
              onClick={() => setEditingYaml(true)}
            >
              Change YAML
            </ActionButton>
          </Group>
          <Code block data-testid="template-yaml" style={{ maxHeight: 480, overflow: 'auto' }}>
            {form.getValues().yaml}
          </Code>
        </Stack>
      )}
      <SortField {...form.getInputProps('sort')} />
    </CatalogueFormPage>
  );
}
