/**
 * What the four catalogue admin areas share (docs/pipelines.md "Pages"): a list page in the kit's
 * shape, and a form page (the spec gives the forms their own addresses: `nodeAdd`, `node/{id}`)
 * that saves form-encoded, shows a refusal under the field it names, and deletes after asking,
 * keeping the server's reason in the dialog when it refuses (an item in use is 409).
 */
import { Button, Card, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { PIPELINE_ICONS } from '@shared/domain/pipeline-catalogue';
import {
  IconArrowLeft,
  IconCategory,
  IconForms,
  IconPlus,
  IconPuzzle,
  IconTemplate,
  IconTrash,
  type TablerIcon,
} from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { linkOptions, useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useState } from 'react';
import { RefusableDeleteModal } from '../../../../components/ConfirmModal/ConfirmModal';
import { LinkAnchor } from '../../../../components/Links/Links';
import { PageTitle } from '../../../../components/PageTitle/PageTitle';
import { ActionButton } from '../../../../kit/ActionButton/ActionButton';
import { ActionLink } from '../../../../kit/ActionLink/ActionLink';
import { COMBOBOX_PROPS } from '../../../../kit/FormModal/fields';
import { ListPage, LoadFailed, NothingYet } from '../../../../kit/ListPage/ListPage';
import { CountCell, TextCell } from '../../../../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../../../../kit/ListTable/ListTable';
import { useStartAfresh } from '../../../../lib/form-modal';
import { type FieldErrorTarget, showServerFieldError } from '../../../../lib/server-errors';
import { ICON_LABELS, PipelineIcon } from '../PipelineIcon';
import {
  type CatalogueKind,
  catalogueItemQueryOptions,
  type FormValues,
  useCreateCatalogueItem,
  useDeleteCatalogueItem,
  useUpdateCatalogueItem,
} from '../queries';

/** Where a catalogue item's page is, by its kind: its name links there, a click on its row opens it. */
function itemPage(kind: CatalogueKind, identifier: string, id: string) {
  switch (kind) {
    case 'node_types':
      return linkOptions({ to: '/$identifier/admin/pipeline/nodeType/$id', params: { identifier, id } });
    case 'nodes':
      return linkOptions({
        to: '/$identifier/admin/pipeline/node/$nodeId',
        params: { identifier, nodeId: id },
      });
    case 'node_inputs':
      return linkOptions({ to: '/$identifier/admin/pipeline/nodeParams/$id', params: { identifier, id } });
    case 'templates':
      return linkOptions({ to: '/$identifier/admin/pipeline/template/$id', params: { identifier, id } });
  }
}

/**
 * How a kind's items are called, one and many ("Add node type", "No node types yet", the back link
 * "← Node types"), and the stem of its test ids ("node-type-table", "node-type-row-shell"); its
 * list's title, icon and the invitation under the title (and in the empty state).
 */
const KIND_NAMES: Record<
  CatalogueKind,
  { one: string; many: string; testId: string; title: string; icon: TablerIcon; invitation: string }
> = {
  node_types: {
    one: 'node type',
    many: 'node types',
    testId: 'node-type',
    title: 'Node types',
    icon: IconCategory,
    invitation: 'A node type groups action nodes (shell, Node.js, Maven ...) and gives them their icon.',
  },
  nodes: {
    one: 'action node',
    many: 'action nodes',
    testId: 'node',
    title: 'Action nodes',
    icon: IconPuzzle,
    invitation: 'An action node is a step pipelines can use: a command template and the inputs that fill it.',
  },
  node_inputs: {
    one: 'input',
    many: 'inputs',
    testId: 'node-input',
    title: 'Node inputs',
    icon: IconForms,
    invitation: 'An input is a value a step gives the node ({{ inputs.NAME }} in its command).',
  },
  templates: {
    one: 'template',
    many: 'templates',
    testId: 'template',
    title: 'Pipeline templates',
    icon: IconTemplate,
    invitation: 'A template is a whole pipeline people start a new one from.',
  },
};

/**
 * A catalogue kind's list and its add page: the list is where a form page's back link and a save
 * or delete lead. An input's list and add page are its node's (`nodeId`).
 */
function kindPages(kind: CatalogueKind, identifier: string, nodeId = '') {
  switch (kind) {
    case 'node_types':
      return {
        list: linkOptions({ to: '/$identifier/admin/pipeline/nodeType', params: { identifier } }),
        add: linkOptions({ to: '/$identifier/admin/pipeline/nodeTypeAdd', params: { identifier } }),
      };
    case 'nodes':
      return {
        list: linkOptions({ to: '/$identifier/admin/pipeline/node', params: { identifier } }),
        add: linkOptions({ to: '/$identifier/admin/pipeline/nodeAdd', params: { identifier } }),
      };
    case 'node_inputs':
      return {
        list: linkOptions({
          to: '/$identifier/admin/pipeline/node/$nodeId/nodeParams',
          params: { identifier, nodeId },
        }),
        add: linkOptions({
          to: '/$identifier/admin/pipeline/nodeParamsAdd',
          params: { identifier },
          search: { nodeId },
        }),
      };
    case 'templates':
      return {
        list: linkOptions({ to: '/$identifier/admin/pipeline/template', params: { identifier } }),
        add: linkOptions({ to: '/$identifier/admin/pipeline/templateAdd', params: { identifier } }),
      };
  }
}

/**
 * A catalogue list: heading with the add button, the table (its first column the item's name,
 * linking to its page; a row's test id names its key, or its name when it has none), the empty
 * state; the tab's title.
 */
export function CatalogueListPage<T extends { id: string; name: string; key?: string }>({
  kind,
  identifier,
  nodeId,
  title = KIND_NAMES[kind].title,
  query,
  columns,
  monospaceNames = false,
  actions,
  above,
}: {
  /** The kind's list title unless told (an input list names its node). */
  title?: string;
  kind: CatalogueKind;
  identifier: string;
  /** An input list's node. */
  nodeId?: string;
  query: UseQueryResult<T[]>;
  /** The columns after the name. */
  columns: ListColumn<T>[];
  /** Names people type in definitions (an input's), in monospace. */
  monospaceNames?: boolean;
  /** Before the add button: links to related lists. */
  actions?: ReactNode;
  /** Between the heading and the list: a back link. */
  above?: ReactNode;
}) {
  useDocumentTitle(title);
  const navigate = useNavigate();
  const rows = query.data;
  const names = KIND_NAMES[kind];
  const what = names.many;
  const icon = <names.icon size={22} />;
  const add = (
    <ActionLink size="sm" variant="filled" icon={IconPlus} {...kindPages(kind, identifier, nodeId).add}>
      Add {names.one}
    </ActionLink>
  );
  const allActions = actions ? (
    <Group gap="sm">
      {actions}
      {add}
    </Group>
  ) : (
    add
  );
  const nameColumn: ListColumn<T> = {
    key: 'name',
    title: 'Name',
    role: 'title',
    render: (row) => (
      <LinkAnchor {...itemPage(kind, identifier, row.id)} ff={monospaceNames ? 'monospace' : undefined}>
        {row.name}
      </LinkAnchor>
    ),
  };
  return (
    <Stack gap="md">
      {above}
      <PageTitle title={title}>{names.invitation}</PageTitle>
      <ListPage
        title={`All ${what}`}
        what={what}
        icon={icon}
        count={rows?.length}
        actions={allActions}
        query={query}
        isEmpty={rows?.length === 0}
        empty={
          <NothingYet
            icon={icon}
            title={`No ${what} yet`}
            description={names.invitation}
            action={allActions}
          />
        }
      >
        <ListTable
          rows={rows ?? []}
          columns={[nameColumn, ...columns]}
          testId={`${names.testId}-table`}
          rowTestId={(row) => `${names.testId}-row-${row.key ?? row.name}`}
          onOpen={(row) => void navigate(itemPage(kind, identifier, row.id))}
        />
      </ListPage>
    </Stack>
  );
}

interface Write<Saved> {
  isPending: boolean;
  mutate(
    values: FormValues,
    callbacks: { onSuccess: (saved: Saved) => void; onError: (error: Error) => void },
  ): void;
}

/** What every catalogue item has (node types, action nodes, inputs, templates). */
interface CatalogueItem {
  id: string;
  name: string;
  version: number;
}

/** The names of a form's text fields. */
type TextField<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * The item a catalogue form page edits (none on an add page), its form and what the page does
 * with it: the form starts afresh from the item once it is read (from `empty` on an add page), and
 * `page()` gives `CatalogueFormPage` the props that show it loading or failed, save it and delete
 * it. `createOnly` fields (the key, which never changes) and `onCreate` (an input's node) go only
 * with a new item; a change sends the version read instead. `required` text fields are refused
 * blank ("Please enter key"), a `createOnly` one only on an add page; `title` is the page's
 * ("Node type Shell", "New node type").
 */
export function useCatalogueItem<T extends CatalogueItem, V extends Record<string, unknown>>({
  kind,
  id,
  what = KIND_NAMES[kind].one,
  empty,
  required,
  validate,
  valuesOf = (item) => fieldsOf(item, empty),
  createOnly = [],
  onCreate = {},
}: {
  kind: CatalogueKind;
  id: string | undefined;
  /** "node type": "The node type could not be loaded"; the kind's name for one unless told. */
  what?: string;
  empty: V;
  required: TextField<V>[];
  /** Checks besides `required`. */
  validate?: (values: V) => FormErrors;
  /** The form's values for the item read; by default its fields of the names `empty` has. */
  valuesOf?: (item: T) => V;
  createOnly?: (keyof V & string)[];
  onCreate?: FormValues;
}) {
  const form = useForm<V>({
    initialValues: empty,
    validate: (values) => {
      const errors: FormErrors = {};
      for (const field of required) {
        if (id && createOnly.includes(field)) continue;
        if (!String(values[field]).trim()) errors[field] = `Please enter ${field}`;
      }
      return { ...errors, ...validate?.(values) };
    },
  });
  const item = useQuery({ ...catalogueItemQueryOptions<T>(kind, id ?? ''), enabled: !!id });
  const current = item.data;
  useStartAfresh(form, !id || !!current, () => (current ? valuesOf(current) : empty), [
    current?.id,
    current?.version,
  ]);
  const create = useCreateCatalogueItem<T>(kind);
  const update = useUpdateCatalogueItem<T>(kind, id ?? '');
  const remove = useDeleteCatalogueItem(kind);
  const toBody = (values: V): FormValues => {
    const fields = Object.entries(values as FormValues);
    if (!current) return { ...Object.fromEntries(fields), ...onCreate };
    const changeable = fields.filter(([name]) => !createOnly.includes(name as keyof V & string));
    return { ...Object.fromEntries(changeable), version: current.version };
  };
  return {
    form,
    current,
    title: id ? `${capitalize(what)} ${current?.name ?? ''}`.trim() : `New ${what}`,
    /** `CatalogueFormPage`'s props for the item; a delete asks about `deleteName` (its name). */
    page: (deleteName = current?.name ?? '') => ({
      kind,
      loading: !!id && item.isPending,
      failed: item.isError ? { what, retry: () => void item.refetch() } : undefined,
      form,
      toBody,
      write: current ? update : create,
      remove: current && {
        name: deleteName,
        pending: remove.isPending,
        run: (callbacks: RemoveCallbacks) => remove.mutate(current.id, callbacks),
      },
    }),
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The item's fields of the names the form has (the read item carries more: id, version, counts). */
function fieldsOf<V extends Record<string, unknown>>(item: object, empty: V): V {
  const read = item as Record<string, unknown>;
  return Object.fromEntries(Object.keys(empty).map((name) => [name, read[name]])) as V;
}

type RemoveCallbacks = { onSuccess: () => void; onError: (error: Error) => void };

type CatalogueForm<V> = FieldErrorTarget & {
  onSubmit(handler: (values: V) => void): (event?: FormEvent<HTMLFormElement>) => void;
};

/**
 * The frame of a catalogue form page: back link to the kind's list, title (the tab's too), the
 * fields, Save and Delete. A save ("Node type Shell saved") and a delete return to the list unless
 * `afterSave` says otherwise.
 */
export function CatalogueFormPage<V, Saved extends { name: string }>({
  kind,
  identifier,
  nodeId,
  backLabel = capitalize(KIND_NAMES[kind].many),
  title,
  loading,
  failed,
  form,
  toBody,
  write,
  afterSave,
  remove,
  children,
}: {
  kind: CatalogueKind;
  identifier: string;
  /** An input's node, whose list of inputs is the way back. */
  nodeId?: string;
  /** The back link's text: the kind's list ("Node types") unless told. */
  backLabel?: ReactNode;
  title: string;
  /** The item is being read (an edit page before its answer). */
  loading?: boolean;
  /** The item could not be read. */
  failed?: { what: string; retry: () => void };
  form: CatalogueForm<V>;
  toBody: (values: V) => FormValues;
  write: Write<Saved>;
  /** Instead of returning to the list: `toList` is that return. */
  afterSave?: (saved: Saved, toList: () => void) => void;
  remove?: {
    name: string;
    run: (callbacks: RemoveCallbacks) => void;
    pending: boolean;
  };
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  if (failed) return <LoadFailed what={failed.what} onRetry={failed.retry} />;
  const { list } = kindPages(kind, identifier, nodeId);
  const toList = () => void navigate(list);
  const submit = form.onSubmit((values) =>
    write.mutate(toBody(values), {
      onSuccess: (item) => {
        notifications.show({
          color: 'green',
          message: `${capitalize(KIND_NAMES[kind].one)} ${item.name} saved`,
        });
        if (afterSave) afterSave(item, toList);
        else toList();
      },
      onError: (error) => showServerFieldError(form, error),
    }),
  );
  return (
    <Stack gap="md" maw={820}>
      <LinkAnchor {...list}>
        <BackLink>{backLabel}</BackLink>
      </LinkAnchor>
      <Group justify="space-between">
        <PageTitle title={title} />
        {remove && (
          <ActionButton
            size="sm"
            variant="subtle"
            icon={IconTrash}
            color="red"
            onClick={() => setDeleting(true)}
          >
            Delete
          </ActionButton>
        )}
      </Group>
      <Card withBorder>
        {loading ? (
          <Loader aria-label={`Loading ${title}`} />
        ) : (
          <form onSubmit={submit} noValidate data-testid={`${KIND_NAMES[kind].testId}-form`}>
            <Stack gap="sm">
              {children}
              <Group justify="flex-end" mt="xs">
                <Button type="submit" loading={write.isPending}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Card>
      {remove && (
        <RefusableDeleteModal
          target={deleting ? remove.name : null}
          idOf={(name) => name}
          remove={{ isPending: remove.pending, mutate: (_id, callbacks) => remove.run(callbacks) }}
          deleted={(name) => `${name} deleted`}
          onDeleted={toList}
          onClose={() => setDeleting(false)}
          title={`Delete ${remove.name}?`}
          refusalTestId="catalogue-delete-refusal"
        >
          <Text size="sm">It cannot be restored; pipelines naming it could no longer be saved.</Text>
        </RefusableDeleteModal>
      )}
    </Stack>
  );
}

/** The back link above a page: "← Node types". */
export function BackLink({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} fz="sm">
      <IconArrowLeft size={14} />
      {children}
    </Group>
  );
}

/** One of the twelve icons, each shown beside its name. */
export function IconSelect(props: ReturnType<UseFormReturnType<{ icon: string }>['getInputProps']>) {
  return (
    <Select
      label="Icon"
      withAsterisk
      allowDeselect={false}
      data={PIPELINE_ICONS.map((icon) => ({ value: icon, label: ICON_LABELS[icon] }))}
      renderOption={({ option }) => (
        <Group gap="xs">
          <PipelineIcon name={option.value} size={16} />
          {option.label}
        </Group>
      )}
      leftSection={<PipelineIcon name={String(props.value ?? 'default')} size={16} />}
      comboboxProps={COMBOBOX_PROPS}
      {...props}
    />
  );
}

/** The icon with its name, in a list's cell. */
function IconCell({ icon }: { icon: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <PipelineIcon name={icon} size={16} />
      <Text size="sm">{ICON_LABELS[icon as keyof typeof ICON_LABELS] ?? icon}</Text>
    </Group>
  );
}

/** A key or name people type in definitions, in a list's cell. */
function KeyCell({ value }: { value: string }) {
  return (
    <Text size="sm" ff="monospace">
      {value}
    </Text>
  );
}

/** A catalogue list's column of keys people type in definitions. */
export function keyColumn<T extends { key: string }>(): ListColumn<T> {
  return { key: 'key', title: 'Key', render: (row) => <KeyCell value={row.key} /> };
}

/** A catalogue list's column of icons (a node's is its type's). */
export function iconColumn<T extends { icon: string }>(
  title: string,
  role?: ListColumn<T>['role'],
): ListColumn<T> {
  return { key: title.toLowerCase(), title, role, render: (row) => <IconCell icon={row.icon} /> };
}

/** A catalogue list's count column, right-aligned, dropped on a narrow table. */
export function countColumn<T>(title: string, count: (row: T) => number): ListColumn<T> {
  return {
    key: title.toLowerCase(),
    title,
    role: 'secondary',
    align: 'right',
    render: (row) => <CountCell value={count(row)} />,
  };
}

/** A catalogue list's dimmed description column. */
export function descriptionColumn<T extends { description: string }>(
  role: ListColumn<T>['role'],
): ListColumn<T> {
  return {
    key: 'description',
    title: 'Description',
    role,
    render: (row) => <TextCell value={row.description} dimmed />,
  };
}
