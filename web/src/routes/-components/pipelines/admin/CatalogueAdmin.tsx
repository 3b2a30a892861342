/**
 * What the four catalogue admin areas share (docs/pipelines.md "Pages"): a list page in the kit's
 * shape, and a form page (the spec gives the forms their own addresses: `nodeAdd`, `node/{id}`)
 * that saves form-encoded, shows a refusal under the field it names, and deletes after asking,
 * keeping the server's reason in the dialog when it refuses (an item in use is 409).
 */
import { Button, Card, Group, Loader, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PIPELINE_ICONS } from '@shared/domain/pipeline-catalogue';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { RefusableDeleteModal } from '../../../../components/ConfirmModal/ConfirmModal';
import { PageTitle } from '../../../../components/PageTitle/PageTitle';
import { COMBOBOX_PROPS } from '../../../../kit/FormModal/fields';
import { ListPage, LoadFailed, NothingYet } from '../../../../kit/ListPage/ListPage';
import { type ListColumn, ListTable } from '../../../../kit/ListTable/ListTable';
import { type FieldErrorTarget, showServerFieldError } from '../../../../lib/server-errors';
import { ICON_LABELS, PipelineIcon } from '../PipelineIcon';
import type { FormValues } from '../queries';

/** A catalogue list: heading with the add button, the table, the empty state. */
export function CatalogueListPage<T extends { id: string }>({
  title,
  what,
  icon,
  query,
  rows,
  columns,
  testId,
  rowTestId,
  onOpen,
  actions,
  above,
  emptyText,
}: {
  title: string;
  what: string;
  icon: ReactNode;
  query: UseQueryResult<unknown>;
  rows: T[] | undefined;
  columns: ListColumn<T>[];
  testId: string;
  rowTestId: (row: T) => string;
  onOpen: (row: T) => void;
  actions?: ReactNode;
  /** Between the heading and the list: a back link. */
  above?: ReactNode;
  emptyText: string;
}) {
  return (
    <Stack gap="md">
      {above}
      <PageTitle title={title}>{emptyText}</PageTitle>
      <ListPage
        title={`All ${what}`}
        what={what}
        icon={icon}
        count={rows?.length}
        actions={actions}
        query={query}
        isEmpty={rows?.length === 0}
        empty={<NothingYet icon={icon} title={`No ${what} yet`} description={emptyText} action={actions} />}
      >
        <ListTable
          rows={rows ?? []}
          columns={columns}
          testId={testId}
          rowTestId={rowTestId}
          onOpen={onOpen}
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

/** The frame of a catalogue form page: back link, title, the fields, Save and Delete. */
export function CatalogueFormPage<V, Saved>({
  title,
  back,
  loading,
  failed,
  form,
  toBody,
  write,
  saved,
  afterSave,
  remove,
  testId,
  children,
}: {
  title: string;
  back: ReactNode;
  /** The item is being read (an edit page before its answer). */
  loading?: boolean;
  /** The item could not be read. */
  failed?: { what: string; retry: () => void };
  form: FieldErrorTarget & {
    onSubmit(handler: (values: V) => void): (event?: FormEvent<HTMLFormElement>) => void;
  };
  toBody: (values: V) => FormValues;
  write: Write<Saved>;
  /** The notification: "Node type Shell saved". */
  saved: (saved: Saved) => string;
  afterSave?: (saved: Saved) => void;
  remove?: {
    name: string;
    run: (callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
    pending: boolean;
    onDeleted: () => void;
  };
  testId: string;
  children: ReactNode;
}) {
  const [deleting, setDeleting] = useState(false);
  if (failed) return <LoadFailed what={failed.what} onRetry={failed.retry} />;
  const submit = form.onSubmit((values) =>
    write.mutate(toBody(values), {
      onSuccess: (item) => {
        notifications.show({ color: 'green', message: saved(item) });
        afterSave?.(item);
      },
      onError: (error) => showServerFieldError(form, error),
    }),
  );
  return (
    <Stack gap="md" maw={820}>
      {back}
      <Group justify="space-between">
        <PageTitle title={title} />
        {remove && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeleting(true)}
          >
            Delete
          </Button>
        )}
      </Group>
      <Card withBorder>
        {loading ? (
          <Loader aria-label={`Loading ${title}`} />
        ) : (
          <form onSubmit={submit} noValidate data-testid={testId}>
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
          onDeleted={remove.onDeleted}
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
export function IconCell({ icon }: { icon: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <PipelineIcon name={icon} size={16} />
      <Text size="sm">{ICON_LABELS[icon as keyof typeof ICON_LABELS] ?? icon}</Text>
    </Group>
  );
}
