/**
 * Admin of node types (`/admin/pipeline/nodeType`, `nodeTypeAdd`, `nodeType/{id}`): the kinds of
 * step, each with one of the twelve icons. The key is chosen once and never changes (pipelines
 * name nodes by key); a type some node uses cannot be deleted.
 */
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import type { NodeType } from '@shared/schemas/pipelines';
import { IconCategory, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LinkAnchor, LinkButton } from '../../../../components/Links/Links';
import { CountCell, TextCell } from '../../../../kit/ListTable/cells';
import { nodeTypesQueryOptions } from '../queries';
import {
  BackLink,
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
      actions={
        <LinkButton
          leftSection={<IconPlus size={16} />}
          to="/$identifier/admin/pipeline/nodeTypeAdd"
          params={{ identifier }}
        >
          Add node type
        </LinkButton>
      }
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

const valuesOf = ({ key, name, icon, description, sort }: NodeType): Values => ({
  key,
  name,
  icon,
  description,
  sort,
});

export function NodeTypeFormPage({ identifier, typeId }: { identifier: string; typeId?: string }) {
  const navigate = useNavigate();
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: {
      key: (v) => (typeId || v.trim() ? null : 'Please enter key'),
      name: (v) => (v.trim() ? null : 'Please enter name'),
    },
  });
  const { current, page } = useCatalogueItem<NodeType, Values>({
    kind: 'node_types',
    id: typeId,
    what: 'node type',
    form,
    empty: EMPTY,
    valuesOf,
    createOnly: ['key'],
  });
  const title = typeId ? `Node type ${current?.name ?? ''}`.trim() : 'New node type';
  useDocumentTitle(title);
  const toList = () => void navigate({ to: '/$identifier/admin/pipeline/nodeType', params: { identifier } });
  return (
    <CatalogueFormPage
      title={title}
      testId="node-type-form"
      back={
        <LinkAnchor to="/$identifier/admin/pipeline/nodeType" params={{ identifier }}>
          <BackLink>Node types</BackLink>
        </LinkAnchor>
      }
      {...page(toList)}
      saved={(t) => `Node type ${t.name} saved`}
      afterSave={toList}
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
