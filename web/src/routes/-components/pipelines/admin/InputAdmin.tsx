/**
 * Admin of a node's inputs (`/admin/pipeline/node/{nodeId}/nodeParams`, `nodeParamsAdd?nodeId=`,
 * `nodeParams/{id}` where the id is `{nodeId}.{name}`): name, label, type, required, default,
 * options (a select's, one per line), pattern. The name is the input's key and never changes; an
 * input the node's command names cannot be deleted.
 */
import { Checkbox, Group, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { NODE_INPUT_TYPES } from '@shared/domain/pipeline-catalogue';
import type { ActionNode, NodeInput } from '@shared/schemas/pipelines';
import { useQuery } from '@tanstack/react-query';
import { LinkAnchor } from '../../../../components/Links/Links';
import { COMBOBOX_PROPS } from '../../../../kit/FormModal/fields';
import { TextCell } from '../../../../kit/ListTable/cells';
import { catalogueItemQueryOptions, nodeInputsQueryOptions } from '../queries';
import { BackLink, CatalogueFormPage, CatalogueListPage, useCatalogueItem } from './CatalogueAdmin';
import { DescriptionField, KeyField, SortField } from './catalogue-fields';

const defaultText = (value: NodeInput['defaultValue']) => (value === null ? '' : String(value));

export function InputListPage({ identifier, nodeId }: { identifier: string; nodeId: string }) {
  const node = useQuery(catalogueItemQueryOptions<ActionNode>('nodes', nodeId));
  return (
    <CatalogueListPage<NodeInput>
      kind="node_inputs"
      identifier={identifier}
      monospaceNames
      title={node.data && `Inputs of ${node.data.name}`}
      query={useQuery(nodeInputsQueryOptions(nodeId))}
      above={
        <LinkAnchor to="/$identifier/admin/pipeline/node/$nodeId" params={{ identifier, nodeId }}>
          <BackLink>{node.data?.name ?? 'Action node'}</BackLink>
        </LinkAnchor>
      }
      nodeId={nodeId}
      columns={[
        { key: 'label', title: 'Label', render: (i) => <TextCell value={i.label} /> },
        { key: 'type', title: 'Type', render: (i) => <TextCell value={i.type} /> },
        {
          key: 'required',
          title: 'Required',
          role: 'secondary',
          render: (i) => <TextCell value={i.required ? 'Yes' : 'No'} />,
        },
        {
          key: 'default',
          title: 'Default',
          role: 'tertiary',
          render: (i) => <TextCell value={defaultText(i.defaultValue) || '—'} dimmed />,
        },
      ]}
    />
  );
}

type Values = {
  name: string;
  label: string;
  type: string;
  required: boolean;
  defaultValue: string;
  options: string;
  pattern: string;
  description: string;
  sort: number;
};

const EMPTY: Values = {
  name: '',
  label: '',
  type: 'string',
  required: false,
  defaultValue: '',
  options: '',
  pattern: '',
  description: '',
  sort: 0,
};

function valuesOf(input: NodeInput): Values {
  return {
    name: input.name,
    label: input.label,
    type: input.type,
    required: input.required,
    defaultValue: defaultText(input.defaultValue),
    options: input.options.join('\n'),
    pattern: input.pattern ?? '',
    description: input.description,
    sort: input.sort,
  };
}

export function InputFormPage({
  identifier,
  nodeId: givenNodeId,
  inputId,
}: {
  identifier: string;
  /** A new input's node (`nodeParamsAdd?nodeId=`). */
  nodeId?: string;
  inputId?: string;
}) {
  const { form, current, page } = useCatalogueItem<NodeInput, Values>({
    kind: 'node_inputs',
    id: inputId,
    what: 'node input',
    empty: EMPTY,
    required: ['name', 'label'],
    valuesOf,
    createOnly: ['name'],
    onCreate: { nodeId: givenNodeId ?? '' },
  });
  const nodeId = current?.nodeId ?? givenNodeId ?? '';
  const node = useQuery({
    ...catalogueItemQueryOptions<ActionNode>('nodes', nodeId),
    enabled: nodeId !== '',
  });
  const title = current ? `Input ${current.name}` : `New input${node.data ? ` of ${node.data.name}` : ''}`;
  // The form page names the tab; the page without a node has none, so name it here.
  useDocumentTitle(title);
  if (!inputId && !givenNodeId)
    return (
      <Text c="dimmed" data-testid="input-no-node">
        Open a node's inputs and add the input from there: a new input needs its node.
      </Text>
    );
  const isSelect = form.getValues().type === 'select';
  return (
    <CatalogueFormPage
      identifier={identifier}
      nodeId={nodeId}
      backLabel={`Inputs${node.data ? ` of ${node.data.name}` : ''}`}
      title={title}
      {...page(`input ${current?.name}`)}
    >
      <Group grow align="flex-start">
        <KeyField
          label="Name"
          fixed={!!current}
          description="The key in `with:` and {{ inputs.NAME }}"
          {...form.getInputProps('name')}
        />
        <TextInput label="Label" withAsterisk maxLength={60} {...form.getInputProps('label')} />
      </Group>
      <Group grow align="flex-start">
        <Select
          label="Type"
          allowDeselect={false}
          data={NODE_INPUT_TYPES.map((t) => ({ value: t, label: t }))}
          comboboxProps={COMBOBOX_PROPS}
          {...form.getInputProps('type')}
        />
        <TextInput
          label="Default"
          description="Written as text, read by the type"
          {...form.getInputProps('defaultValue')}
        />
      </Group>
      <Checkbox label="Required" {...form.getInputProps('required', { type: 'checkbox' })} />
      {isSelect && (
        <Textarea
          label="Options"
          description="One per line"
          autosize
          minRows={3}
          {...form.getInputProps('options')}
        />
      )}
      <TextInput
        label="Pattern"
        description="A regular expression a string value must match"
        ff="monospace"
        {...form.getInputProps('pattern')}
      />
      <DescriptionField {...form.getInputProps('description')} />
      <SortField {...form.getInputProps('sort')} />
    </CatalogueFormPage>
  );
}
