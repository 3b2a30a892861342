/**
 * Admin of action nodes (`/admin/pipeline/node`, `nodeAdd`, `node/{id}`): what a step's `uses:`
 * names, with its node type and the command template its inputs fill. A node's inputs have their
 * own page (`node/{id}/nodeParams`). A node some pipeline uses cannot be deleted.
 */
import { Badge, Group, Select, Text, TextInput } from '@mantine/core';
import type { ActionNode } from '@shared/schemas/pipelines';
import { IconForms } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { LinkButton } from '../../../../components/Links/Links';
import { ActionLink } from '../../../../kit/ActionLink/ActionLink';
import { COMBOBOX_PROPS } from '../../../../kit/FormModal/fields';
import { actionNodesQueryOptions, nodeTypesQueryOptions } from '../queries';
import {
  CatalogueFormPage,
  CatalogueListPage,
  countColumn,
  descriptionColumn,
  iconColumn,
  keyColumn,
  useCatalogueItem,
} from './CatalogueAdmin';
import { CodeField, DescriptionField, KeyField, SortField } from './catalogue-fields';

export function NodeListPage({ identifier }: { identifier: string }) {
  return (
    <CatalogueListPage<ActionNode>
      kind="nodes"
      identifier={identifier}
      query={useQuery(actionNodesQueryOptions())}
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
        keyColumn(),
        iconColumn('Type', 'secondary'),
        countColumn('Inputs', (n) => n.inputs.length),
        descriptionColumn('tertiary'),
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
  const { form, current, page, title } = useCatalogueItem<ActionNode, Values>({
    kind: 'nodes',
    id: nodeId,
    empty: EMPTY,
    required: ['key', 'name', 'commandTemplate'],
    validate: (values) => (values.nodeTypeId ? {} : { nodeTypeId: 'Please choose a node type' }),
    createOnly: ['key'],
  });
  return (
    <CatalogueFormPage
      identifier={identifier}
      title={title}
      {...page()}
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
