/**
 * Admin of node types (`/admin/pipeline/nodeType`, `nodeTypeAdd`, `nodeType/{id}`): the kinds of
 * step, each with one of the twelve icons. The key is chosen once and never changes (pipelines
 * name nodes by key); a type some node uses cannot be deleted.
 */
import { NumberInput, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import type { NodeType } from '@shared/schemas/pipelines';
import { IconCategory, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LinkAnchor, LinkButton } from '../../../../components/Links/Links';
import { CountCell, TextCell } from '../../../../kit/ListTable/cells';
import { useStartAfresh } from '../../../../lib/form-modal';
import {
  catalogueItemQueryOptions,
  nodeTypesQueryOptions,
  useCreateCatalogueItem,
  useDeleteCatalogueItem,
  useUpdateCatalogueItem,
} from '../queries';
import { BackLink, CatalogueFormPage, CatalogueListPage, IconCell, IconSelect } from './CatalogueAdmin';

export function NodeTypeListPage({ identifier }: { identifier: string }) {
  useDocumentTitle('Node types');
  const navigate = useNavigate();
  const query = useQuery(nodeTypesQueryOptions());
  return (
    <CatalogueListPage<NodeType>
      title="Node types"
      what="node types"
      icon={<IconCategory size={22} />}
      query={query}
      rows={query.data}
      testId="node-type-table"
      rowTestId={(t) => `node-type-row-${t.key}`}
      onOpen={(t) =>
        void navigate({ to: '/$identifier/admin/pipeline/nodeType/$id', params: { identifier, id: t.id } })
      }
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
        {
          key: 'name',
          title: 'Name',
          role: 'title',
          render: (t) => (
            <LinkAnchor to="/$identifier/admin/pipeline/nodeType/$id" params={{ identifier, id: t.id }}>
              {t.name}
            </LinkAnchor>
          ),
        },
        {
          key: 'key',
          title: 'Key',
          render: (t) => (
            <Text size="sm" ff="monospace">
              {t.key}
            </Text>
          ),
        },
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

interface Values {
  key: string;
  name: string;
  icon: string;
  description: string;
  sort: number;
}

const EMPTY: Values = { key: '', name: '', icon: 'default', description: '', sort: 0 };

export function NodeTypeFormPage({ identifier, typeId }: { identifier: string; typeId?: string }) {
  const navigate = useNavigate();
  const item = useQuery({
    ...catalogueItemQueryOptions<NodeType>('node_types', typeId ?? ''),
    enabled: !!typeId,
  });
  const title = typeId ? `Node type ${item.data?.name ?? ''}`.trim() : 'New node type';
  useDocumentTitle(title);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: {
      key: (v) => (typeId || v.trim() ? null : 'Please enter key'),
      name: (v) => (v.trim() ? null : 'Please enter name'),
    },
  });
  const current = item.data;
  useStartAfresh(
    form,
    !typeId || !!current,
    () =>
      current
        ? {
            key: current.key,
            name: current.name,
            icon: current.icon,
            description: current.description,
            sort: current.sort,
          }
        : EMPTY,
    [current?.id, current?.version],
  );
  const create = useCreateCatalogueItem<NodeType>('node_types');
  const update = useUpdateCatalogueItem<NodeType>('node_types', typeId ?? '');
  const remove = useDeleteCatalogueItem('node_types');
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
      loading={!!typeId && item.isPending}
      failed={item.isError ? { what: 'node type', retry: () => void item.refetch() } : undefined}
      form={form}
      toBody={({ key, ...rest }) => (current ? { ...rest, version: current.version } : { key, ...rest })}
      write={current ? update : create}
      saved={(t) => `Node type ${t.name} saved`}
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
      <TextInput
        label="Key"
        withAsterisk={!current}
        disabled={!!current}
        description={
          current ? 'The key never changes: pipelines name nodes by key' : 'Lower-case letters, digits and -'
        }
        {...form.getInputProps('key')}
      />
      <TextInput label="Name" withAsterisk maxLength={60} {...form.getInputProps('name')} />
      <IconSelect {...form.getInputProps('icon')} />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxLength={500}
        {...form.getInputProps('description')}
      />
      <NumberInput label="Sort" min={0} max={10000} w={160} {...form.getInputProps('sort')} />
    </CatalogueFormPage>
  );
}
