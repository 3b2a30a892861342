/**
 * Admin of node types (`/admin/pipeline/nodeType`, `nodeTypeAdd`, `nodeType/{id}`): the kinds of
 * step, each with one of the twelve icons. The key is chosen once and never changes (pipelines
 * name nodes by key); a type some node uses cannot be deleted.
 */
import { TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { NodeType } from '@shared/schemas/pipelines';
import { IconCategory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CountCell, TextCell } from '../../../../kit/ListTable/cells';
import { nodeTypesQueryOptions } from '../queries';
import {
  CatalogueFormPage,
  CatalogueListPage,
  IconCell,
  IconSelect,
  KeyCell,
  useCatalogueItem,
} from './CatalogueAdmin';
import { DescriptionField, KeyField, SortField } from './catalogue-fields';

export function NodeTypeListPage({ identifier }: { identifier: string }) {
  return (
    <CatalogueListPage<NodeType>
      kind="node_types"
      identifier={identifier}
      title="Node types"
      what="node types"
      icon={<IconCategory size={22} />}
      query={useQuery(nodeTypesQueryOptions())}
      testId="node-type-table"
      rowTestId={(t) => `node-type-row-${t.key}`}
      emptyText="A node type groups action nodes (shell, Node.js, Maven ...) and gives them their icon."
      addLabel="Add node type"
      columns={[
        { key: 'key', title: 'Key', render: (t) => <KeyCell value={t.key} /> },
        { key: 'icon', title: 'Icon', render: (t) => <IconCell icon={t.icon} /> },
        {
          key: 'description',
          title: 'Description',
          role: 'tertiary',
          render: (t) => <TextCell value={t.description} dimmed />,
        },
        {
          key: 'nodes',
          title: 'Nodes',
          role: 'secondary',
          align: 'right',
          render: (t) => <CountCell value={t.nodeCount} />,
        },
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
  const { form, current, page } = useCatalogueItem<NodeType, Values>({
    kind: 'node_types',
    id: typeId,
    what: 'node type',
    empty: EMPTY,
    validate: {
      key: (v) => (typeId || v.trim() ? null : 'Please enter key'),
      name: (v) => (v.trim() ? null : 'Please enter name'),
    },
    createOnly: ['key'],
  });
  const title = typeId ? `Node type ${current?.name ?? ''}`.trim() : 'New node type';
  useDocumentTitle(title);
  return (
    <CatalogueFormPage
      identifier={identifier}
      backLabel="Node types"
      title={title}
      testId="node-type-form"
      {...page()}
      saved={(t) => `Node type ${t.name} saved`}
    >
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
