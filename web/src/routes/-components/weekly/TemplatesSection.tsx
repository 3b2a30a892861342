import { ActionIcon, Badge, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ItemList, type SectionKind, WEEKLY_LIMITS } from '@shared/domain/weekly';
import type { Template } from '@shared/schemas/weekly';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { SectionLoadFailed } from '../../../kit/ListPage/ListPage';
import { RowAction } from '../../../kit/ListTable/RowActions';
import { templatesQueryOptions, useAddTemplate, useDeleteTemplate } from '../../../queries/weekly';

interface SectionDraft {
  title: string;
  kind: SectionKind;
  items: ItemList | '';
}

const KINDS = [
  { value: 'text', label: 'Text' },
  { value: 'table', label: 'Table (section 9 columns)' },
];
const LISTS = [
  { value: '', label: 'No work items' },
  { value: 'thisWeek', label: "This week's items" },
  { value: 'nextWeek', label: "Next week's items" },
];

/** A new template: a name and its sections, each text or a table, each showing a list of items or none. */
function AddTemplateModal({ onClose }: { onClose: () => void }) {
  const add = useAddTemplate();
  const [name, setName] = useState('');
  const [sections, setSections] = useState<SectionDraft[]>([{ title: '', kind: 'text', items: '' }]);
  const change = (index: number, changes: Partial<SectionDraft>) =>
    setSections(sections.map((section, i) => (i === index ? { ...section, ...changes } : section)));
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    add.mutate(
      {
        name,
        sections: sections.map((section, i) => ({
          key: `section${i + 1}`,
          title: section.title,
          kind: section.kind,
          ...(section.items ? { items: section.items } : {}),
        })),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Template ${name} added` });
          onClose();
        },
      },
    );
  };
  return (
    <FormModal
      title="Add a report template"
      onClose={onClose}
      pending={add.isPending}
      onSubmit={submit}
      submitLabel="Add"
      size="lg"
    >
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      {sections.map((section, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id until saved
        <Group key={index} align="flex-end" wrap="nowrap">
          <TextInput
            label={`Section ${index + 1}`}
            placeholder="Title"
            value={section.title}
            onChange={(event) => change(index, { title: event.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <Select
            aria-label={`Kind of section ${index + 1}`}
            data={KINDS}
            value={section.kind}
            allowDeselect={false}
            onChange={(value) => value && change(index, { kind: value as SectionKind })}
            w={190}
          />
          <Select
            aria-label={`Items of section ${index + 1}`}
            data={LISTS}
            value={section.items}
            allowDeselect={false}
            onChange={(value) => change(index, { items: (value ?? '') as ItemList | '' })}
            w={170}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove section ${index + 1}`}
            disabled={sections.length === 1}
            onClick={() => setSections(sections.filter((_, i) => i !== index))}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <ActionButton
          size="compact-sm"
          variant="light"
          icon={IconPlus}
          disabled={sections.length >= WEEKLY_LIMITS.sections}
          onClick={() => setSections([...sections, { title: '', kind: 'text', items: '' }])}
        >
          Add a section
        </ActionButton>
      </Group>
    </FormModal>
  );
}

/** Report templates: the two defaults, and the enterprise's own, which its administrators add. */
export function TemplatesSection() {
  const query = useQuery(templatesQueryOptions());
  const remove = useDeleteTemplate();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Template | null>(null);
  return (
    <Paper withBorder p="xl" data-testid="weekly-templates">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Weekly report templates
          </Title>
          <ActionButton size="sm" variant="light" icon={IconPlus} onClick={() => setAdding(true)}>
            Add template
          </ActionButton>
        </Group>
        {query.isError && (
          <SectionLoadFailed
            message="The templates could not be loaded."
            onRetry={() => void query.refetch()}
          />
        )}
        {(query.data ?? []).map((template) => (
          <Group key={template.id} justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Group gap="xs">
                <Text fw={600}>{template.name}</Text>
                {template.builtIn && (
                  <Badge size="xs" variant="light" color="gray">
                    Default
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {template.sections.map((section) => section.title).join(' · ')}
              </Text>
            </Stack>
            {!template.builtIn && (
              <RowAction
                tooltip="Delete the template (reports written from it keep their sections)"
                label={`Delete ${template.name}`}
                color="red"
                icon={<IconTrash size={16} />}
                onClick={() => setDeleting(template)}
              />
            )}
          </Group>
        ))}
      </Stack>
      {adding && <AddTemplateModal onClose={() => setAdding(false)} />}
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete the template ${deleting?.name ?? ''}?`}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
      >
        Reports already written from it keep their sections.
      </ConfirmModal>
    </Paper>
  );
}
