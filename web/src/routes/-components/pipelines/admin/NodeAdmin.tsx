/**
 * Admin of action nodes (`/admin/pipeline/node`, `nodeAdd`, `node/{id}`): what a step's `uses:`
 * names, with its node type and the command template its inputs fill. A node's inputs have their
 * own page (`node/{id}/nodeParams`). A node some pipeline uses cannot be deleted.
 */
import { Badge, Group, Select, Text, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ActionNode } from '@shared/schemas/pipelines';
import { IconForms, IconPuzzle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LinkButton } from '../../../../components/Links/Links';
import { ActionLink } from '../../../../kit/ActionLink/ActionLink';
import { COMBOBOX_PROPS } from '../../../../kit/FormModal/fields';
import { CountCell, TextCell } from '../../../../kit/ListTable/cells';
import { actionNodesQueryOptions, nodeTypesQueryOptions } from '../queries';
import { CatalogueFormPage, CatalogueListPage, IconCell, KeyCell, useCatalogueItem } from './CatalogueAdmin';
import { CodeField, DescriptionField, KeyField, SortField } from './catalogue-fields';

export function NodeListPage({ identifier }: { identifier: string }) {
  return (
    <CatalogueListPage<ActionNode>
      kind="nodes"
      identifier={identifier}
      title="Action nodes"
      what="action nodes"
      icon={<IconPuzzle size={22} />}
      query={useQuery(actionNodesQueryOptions())}
      testId="node-table"
      rowTestId={(n) => `node-row-${n.key}`}
      emptyText="An action node is a step pipelines can use: a command template and the inputs that fill it."
      addLabel="Add action node"
      actions={
        <>
          <LinkButton variant="default" to="/$identifier/admin/pipeline/nodeType" params={{ identifier }}>
            Node types
          </LinkButton>
          <LinkButton variant="default" to="/$identifier/admin/pipeline/template" params={{ identifier }}>
            Templates
          </LinkButton>
        </>
      }
      columns={[
        { key: 'key', title: 'Key', render: (n) => <KeyCell value={n.key} /> },
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

type Values = {
  key: string;
  name: string;
  nodeTypeId: string;
  description: string;
  commandTemplate: string;
  sort: number;
};

const EMPTY: Values = { key: '', name: '', nodeTypeId: '', description: '', commandTemplate: '', sort: 0 };

export function NodeFormPage({ identifier, nodeId }: { identifier: string; nodeId?: string }) {
  const navigate = useNavigate();
  const types = useQuery(nodeTypesQueryOptions());
  const { form, current, page } = useCatalogueItem<ActionNode, Values>({
    kind: 'nodes',
    id: nodeId,
    what: 'action node',
    empty: EMPTY,
    validate: {
      key: (v) => (nodeId || v.trim() ? null : 'Please enter key'),
      name: (v) => (v.trim() ? null : 'Please enter name'),
      nodeTypeId: (v) => (v ? null : 'Please choose a node type'),
      commandTemplate: (v) => (v.trim() ? null : 'Please enter commandTemplate'),
    },
    createOnly: ['key'],
  });
  const title = nodeId ? `Action node ${current?.name ?? ''}`.trim() : 'New action node';
  useDocumentTitle(title);
  return (
    <CatalogueFormPage
      identifier={identifier}
      backLabel="Action nodes"
      title={title}
      testId="node-form"
      {...page()}
      saved={(n) => `Action node ${n.name} saved`}
      // A new node has no inputs yet: its page is where they are added next.
      afterSave={(saved, toList) =>
        current
          ? toList()
          : void navigate({
              to: '/$identifier/admin/pipeline/node/$nodeId',
              params: { identifier, nodeId: saved.id },
            })
      }
    >
      <KeyField
        fixed={!!current}
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
      <CodeField
        label="Command template"
        withAsterisk
        description="A shell script; {{ inputs.NAME }} is the step's value of an input, {{ params.NAME }} a run parameter"
        minRows={3}
        maxRows={16}
        {...form.getInputProps('commandTemplate')}
      />
      <DescriptionField {...form.getInputProps('description')} />
      <SortField {...form.getInputProps('sort')} />
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
          <ActionLink
            icon={IconForms}
            to="/$identifier/admin/pipeline/node/$nodeId/nodeParams"
            params={{ identifier, nodeId: current.id }}
          >
            Manage inputs
          </ActionLink>
        </Group>
      )}
    </CatalogueFormPage>
  );
}
