/**
 * Admin of node types (`/admin/pipeline/nodeType`, `nodeTypeAdd`, `nodeType/{id}`): the kinds of
 * step, each with one of the twelve icons. The key is chosen once and never changes (pipelines
 * name nodes by key); a type some node uses cannot be deleted.
 */
import { TextInput } from '@mantine/core';
import type { NodeType } from '@shared/schemas/pipelines';
import { useQuery } from '@tanstack/react-query';
import { nodeTypesQueryOptions } from '../queries';
import {
  CatalogueFormPage,
  CatalogueListPage,
  countColumn,
  descriptionColumn,
  IconSelect,
  iconColumn,
  keyColumn,
  useCatalogueItem,
} from './CatalogueAdmin';
import { DescriptionField, KeyField, SortField } from './catalogue-fields';

export function NodeTypeListPage({ identifier }: { identifier: string }) {
  return (
    <CatalogueListPage<NodeType>
      kind="node_types"
      identifier={identifier}
      query={useQuery(nodeTypesQueryOptions())}
      columns={[
        keyColumn(),
        iconColumn('Icon'),
        descriptionColumn('tertiary'),
        countColumn('Nodes', (t) => t.nodeCount),
      ]}
    />
  );
}

type Values = {
  key: string;
  name: string;
  icon: string;
  description: string;
  sort: number;
};

const EMPTY: Values = { key: '', name: '', icon: 'default', description: '', sort: 0 };

export function NodeTypeFormPage({ identifier, typeId }: { identifier: string; typeId?: string }) {
  const { form, current, page, title } = useCatalogueItem<NodeType, Values>({
    kind: 'node_types',
    id: typeId,
    empty: EMPTY,
    required: ['key', 'name'],
    createOnly: ['key'],
  });
  return (
    <CatalogueFormPage identifier={identifier} title={title} {...page()}>
      <KeyField
        fixed={!!current}
        description={
          current ? 'The key never changes: pipelines name nodes by key' : 'Lower-case letters, digits and -'
        }
        {...form.getInputProps('key')}
      />
      <TextInput label="Name" withAsterisk maxLength={60} {...form.getInputProps('name')} />
      <IconSelect {...form.getInputProps('icon')} />
      <DescriptionField {...form.getInputProps('description')} />
      <SortField {...form.getInputProps('sort')} />
    </CatalogueFormPage>
  );
}
