/**
 * Admin of pipeline templates (`/admin/pipeline/template`, `templateAdd`, `template/{id}`): whole
 * pipelines to start from. A template's YAML is shown read-only until "Change YAML" (the pipeline
 * editor is where definitions are built); it is checked like a pipeline's when saved, and a
 * refusal names its line and field under the box.
 */

import { Code, Group, Stack, Text, TextInput } from '@mantine/core';
import type { PipelineTemplate } from '@shared/schemas/pipelines';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ActionButton } from '../../../../kit/ActionButton/ActionButton';
import { templatesQueryOptions } from '../queries';
import {
  CatalogueFormPage,
  CatalogueListPage,
  descriptionColumn,
  IconSelect,
  iconColumn,
  useCatalogueItem,
} from './CatalogueAdmin';
import { CodeField, DescriptionField, SortField } from './catalogue-fields';

export function TemplateListPage({ identifier }: { identifier: string }) {
  return (
    <CatalogueListPage<PipelineTemplate>
      kind="templates"
      identifier={identifier}
      query={useQuery(templatesQueryOptions())}
      columns={[iconColumn('Icon'), descriptionColumn('secondary')]}
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
  const { form, page, title } = useCatalogueItem<PipelineTemplate, Values>({
    kind: 'templates',
    id: templateId,
    empty: EMPTY,
    required: ['name', 'yaml'],
  });
  // A refusal of the YAML (its line and field) must be seen: open the box it is under.
  const yamlError = form.errors.yaml;
  useEffect(() => {
    if (yamlError) setEditingYaml(true);
  }, [yamlError]);
  return (
    <CatalogueFormPage identifier={identifier} title={title} {...page()}>
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
