/**
 * Admin of action nodes (`/admin/pipeline/node`, `nodeAdd`, `node/{id}`): what a step's `uses:`
 * names, with its node type and the command template its inputs fill. A node's inputs have their
 * own page (`node/{id}/nodeParams`). A node some pipeline uses cannot be deleted.
 */
import { Badge, Group, NumberInput, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import type { ActionNode } from '@shared/schemas/pipelines';
import { IconForms, IconPlus, IconPuzzle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LinkAnchor, LinkButton } from '../../../../components/Links/Links';
import { COMBOBOX_PROPS } from '../../../../kit/FormModal/fields';
import { CountCell, TextCell } from '../../../../kit/ListTable/cells';
import { useStartAfresh } from '../../../../lib/form-modal';
import {
  actionNodesQueryOptions,
  catalogueItemQueryOptions,
  nodeTypesQueryOptions,
  useCreateCatalogueItem,
  useDeleteCatalogueItem,
  useUpdateCatalogueItem,
} from '../queries';
import { BackLink, CatalogueFormPage, CatalogueListPage, IconCell } from './CatalogueAdmin';

export function NodeListPage({ identifier }: { identifier: string }) {
  useDocumentTitle('Action nodes');
  const navigate = useNavigate();
  const query = useQuery(actionNodesQueryOptions());
  return (
    <CatalogueListPage<ActionNode>
      title="Action nodes"
      what="action nodes"
      icon={<IconPuzzle size={22} />}
      query={query}
      rows={query.data}
      testId="node-table"
      rowTestId={(n) => `node-row-${n.key}`}
      onOpen={(n) =>
        void navigate({
          to: '/$identifier/admin/pipeline/node/$nodeId',
          params: { identifier, nodeId: n.id },
        })
      }
      emptyText="An action node is a step pipelines can use: a command template and the inputs that fill it."
      actions={
        <Group gap="sm">
          <LinkButton variant="default" to="/$identifier/admin/pipeline/nodeType" params={{ identifier }}>
            Node types
          </LinkButton>
          <LinkButton variant="default" to="/$identifier/admin/pipeline/template" params={{ identifier }}>
            Templates
          </LinkButton>
          <LinkButton
            leftSection={<IconPlus size={16} />}
            to="/$identifier/admin/pipeline/nodeAdd"
            params={{ identifier }}
          >
            Add action node
          </LinkButton>
        </Group>
      }
      columns={[
        {
          key: 'name',
          title: 'Name',
          role: 'title',
          render: (n) => (
            <LinkAnchor to="/$identifier/admin/pipeline/node/$nodeId" params={{ identifier, nodeId: n.id }}>
              {n.name}
            </LinkAnchor>
          ),
        },
        {
          key: 'key',
          title: 'Key',
          render: (n) => (
            <Text size="sm" ff="monospace">
              {n.key}
            </Text>
          ),
        },
        { key: 'type', title: 'Type', role: 'secondary', render: (n) => <IconCell icon={n.icon} /> },
        {
          key: 'inputs',
          title: 'Inputs',
          role: 'secondary',
          align: 'right',
          render: (n) => <CountCell value={n.inputs.length} />,
        },
        {
          key: 'description',
          title: 'Description',
          role: 'tertiary',
          render: (n) => <TextCell value={n.description} dimmed />,
        },
      ]}
    />
  );
}

interface Values {
  key: string;
  name: string;
  nodeTypeId: string;
  description: string;
  commandTemplate: string;
  sort: number;
}

const EMPTY: Values = { key: '', name: '', nodeTypeId: '', description: '', commandTemplate: '', sort: 0 };

export function NodeFormPage({ identifier, nodeId }: { identifier: string; nodeId?: string }) {
  const navigate = useNavigate();
  const item = useQuery({
    ...catalogueItemQueryOptions<ActionNode>('nodes', nodeId ?? ''),
    enabled: !!nodeId,
  });
  const types = useQuery(nodeTypesQueryOptions());
  const current = item.data;
  const title = nodeId ? `Action node ${current?.name ?? ''}`.trim() : 'New action node';
  useDocumentTitle(title);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: {
      key: (v) => (nodeId || v.trim() ? null : 'Please enter key'),
      name: (v) => (v.trim() ? null : 'Please enter name'),
      nodeTypeId: (v) => (v ? null : 'Please choose a node type'),
      commandTemplate: (v) => (v.trim() ? null : 'Please enter commandTemplate'),
    },
  });
  useStartAfresh(
    form,
    !nodeId || !!current,
    () => (current ? { key: current.key, ...pick(current) } : EMPTY),
    [current?.id, current?.version],
  );
  const create = useCreateCatalogueItem<ActionNode>('nodes');
  const update = useUpdateCatalogueItem<ActionNode>('nodes', nodeId ?? '');
  const remove = useDeleteCatalogueItem('nodes');
  const toList = () => void navigate({ to: '/$identifier/admin/pipeline/node', params: { identifier } });
  return (
    <CatalogueFormPage
      title={title}
      testId="node-form"
      back={
        <LinkAnchor to="/$identifier/admin/pipeline/node" params={{ identifier }}>
          <BackLink>Action nodes</BackLink>
        </LinkAnchor>
      }
      loading={!!nodeId && item.isPending}
      failed={item.isError ? { what: 'action node', retry: () => void item.refetch() } : undefined}
      form={form}
      toBody={({ key, ...rest }) => (current ? { ...rest, version: current.version } : { key, ...rest })}
      write={current ? update : create}
      saved={(n) => `Action node ${n.name} saved`}
      // A new node has no inputs yet: its page is where they are added next.
      afterSave={(saved) =>
        current
          ? toList()
          : void navigate({
              to: '/$identifier/admin/pipeline/node/$nodeId',
              params: { identifier, nodeId: saved.id },
            })
      }
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
          current
            ? 'What steps name in `uses:`; it never changes'
            : 'What steps will name in `uses:`: lower-case letters, digits and -'
        }
        {...form.getInputProps('key')}
      />
      <TextInput label="Name" withAsterisk maxLength={60} {...form.getInputProps('name')} />
      <Select
        label="Node type"
        withAsterisk
        allowDeselect={false}
        data={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        comboboxProps={COMBOBOX_PROPS}
        {...form.getInputProps('nodeTypeId')}
      />
      <Textarea
        label="Command template"
        withAsterisk
        description="A shell script; {{ inputs.NAME }} is the step's value of an input, {{ params.NAME }} a run parameter"
        autosize
        minRows={3}
        maxRows={16}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        {...form.getInputProps('commandTemplate')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxLength={500}
        {...form.getInputProps('description')}
      />
      <NumberInput label="Sort" min={0} max={10000} w={160} {...form.getInputProps('sort')} />
      {current && (
        <Group justify="space-between" mt="xs" data-testid="node-inputs-summary">
          <Group gap="xs">
            <Text size="sm" fw={500}>
              Inputs
            </Text>
            {current.inputs.length === 0 ? (
              <Text size="sm" c="dimmed">
                none yet: the node is not finished until its command's inputs exist
              </Text>
            ) : (
              current.inputs.map((i) => (
                <Badge key={i.id} variant="light" tt="none">
                  {i.name}
                </Badge>
              ))
            )}
          </Group>
          <LinkButton
            variant="default"
            size="xs"
            leftSection={<IconForms size={14} />}
            to="/$identifier/admin/pipeline/node/$nodeId/nodeParams"
            params={{ identifier, nodeId: current.id }}
          >
            Manage inputs
          </LinkButton>
        </Group>
      )}
    </CatalogueFormPage>
  );
}

/** The fields the node's forms send (the read item carries more). */
function pick(values: Omit<Values, 'key'>) {
  const { name, nodeTypeId, description, commandTemplate, sort } = values;
  return { name, nodeTypeId, description, commandTemplate, sort };
}
