import {
  ActionIcon,
  Button,
  Group,
  Kbd,
  MultiSelect,
  Popover,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { getHotkeyHandler } from '@mantine/hooks';
import { MAX_CASE_TAGS } from '@shared/domain/testing';
import { TAG_COLORS } from '@shared/schemas/issues';
import { CaseTagBodySchema } from '@shared/schemas/testcases';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { ColorPicker } from '../../../kit/ColorPicker/ColorPicker';
import { NotesTextarea, NumberSelect, TitleInput } from '../../../kit/FormModal/fields';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { showServerFieldError } from '../../../lib/server-errors';
import { caseModuleTreeQueryOptions, useCreateCaseTag } from '../../../queries/testcases';
import { COMBOBOX_PROPS, colorOption, PrioritySelect } from '../work-items/fields';
import { type CaseFields, type CaseFormValues, caseFields, validateCase } from './case-form';
import { moduleOptions } from './case-module-tree';
import { CASE_TYPE_OPTIONS, useCaseTagOptions } from './fields';
import { SpecPicker } from './SpecPicker';
import { StepsEditor } from './StepsEditor';

interface CaseFormProps {
  projectId: string;
  /** The project's product: the covered-specs picker shows only with one (and the right to list specs). */
  productId: string | null;
  initial: CaseFormValues;
  /** Labels of the specs the case covers already. */
  knownSpecs?: readonly { id: string; title: string }[];
  submitLabel: string;
  saving: boolean;
  /** Resolves when saved; a rejection with a field-named 400 marks that field. */
  onSubmit: (fields: CaseFields) => Promise<unknown>;
  onCancel: () => void;
  /** Shown above the buttons (a stale-version notice). */
  notice?: ReactNode;
}

/**
 * The case form of "New case" and of the drawer's edit mode: title, module, type, priority, tags,
 * preconditions, steps, remark and covered specs, validated by the shared schema. Ctrl+Enter
 * (⌘+Enter) saves from anywhere in it.
 */
export function CaseForm({
  projectId,
  productId,
  initial,
  knownSpecs = [],
  submitLabel,
  saving,
  onSubmit,
  onCancel,
  notice,
}: CaseFormProps) {
  const { can } = useCurrentEnterprise();
  const withSpecs = productId !== null && can('product:spec:list');
  const form = useForm<CaseFormValues>({ initialValues: initial, validate: validateCase });
  const modules = useQuery(caseModuleTreeQueryOptions(projectId));
  const moduleData = useMemo(() => moduleOptions(modules.data ?? []), [modules.data]);
  const tags = useCaseTagOptions();
  const renderTag = useMemo(() => colorOption(tags.colors), [tags.colors]);

  const submit = form.onSubmit((values) => {
    onSubmit(caseFields(values, withSpecs)).catch((error: unknown) => showServerFieldError(form, error));
  });

  return (
    <form onSubmit={submit} onKeyDown={getHotkeyHandler([['mod+Enter', () => submit()]])} noValidate>
      <Stack gap="md">
        <TitleInput placeholder="Sign in with a locked account" {...form.getInputProps('title')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Module"
            placeholder="No module"
            data={moduleData}
            searchable
            clearable
            nothingFoundMessage="No module matches"
            comboboxProps={COMBOBOX_PROPS}
            value={form.values.moduleId}
            onChange={(value) => form.setFieldValue('moduleId', value)}
            error={form.errors.moduleId}
          />
          <NumberSelect form={form} field="type" label="Type" data={CASE_TYPE_OPTIONS} />
          <PrioritySelect form={form} />
        </SimpleGrid>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <MultiSelect
            label="Tags"
            placeholder={form.values.tagIds.length === 0 ? 'No tags' : undefined}
            data={tags.options}
            renderOption={renderTag}
            searchable
            clearable
            maxValues={MAX_CASE_TAGS}
            nothingFoundMessage={tags.options.length === 0 ? 'No tags yet' : 'No tag matches'}
            comboboxProps={COMBOBOX_PROPS}
            value={form.values.tagIds}
            onChange={(value) => form.setFieldValue('tagIds', value)}
            error={form.errors.tagIds}
            style={{ flex: 1 }}
          />
          {can('test:case:add') && (
            <NewTagButton
              onCreated={(id) =>
                form.values.tagIds.length < MAX_CASE_TAGS &&
                form.setFieldValue('tagIds', [...form.values.tagIds, id])
              }
            />
          )}
        </Group>
        <NotesTextarea
          label="Preconditions"
          placeholder="What must be true before the first step"
          minRows={2}
          {...form.getInputProps('precondition')}
        />
        <StepsEditor
          steps={form.values.steps}
          onChange={(steps) => {
            form.setFieldValue('steps', steps);
            form.clearFieldError('steps');
          }}
          errors={form.errors}
        />
        <NotesTextarea label="Remark" minRows={2} {...form.getInputProps('remark')} />
        {withSpecs && productId && (
          <SpecPicker
            productId={productId}
            value={form.values.specIds}
            onChange={(ids) => form.setFieldValue('specIds', ids)}
            known={knownSpecs}
            error={form.errors.specIds}
          />
        )}
        {notice}
        <Group justify="space-between">
          <Text size="xs" c="dimmed" visibleFrom="sm">
            <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd> saves
          </Text>
          <Group gap="sm" ml="auto">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

const TagNameSchema = CaseTagBodySchema.shape.name;

/** Adds a tag to the enterprise's case tags without leaving the form. */
function NewTagButton({ onCreated }: { onCreated: (id: string) => void }) {
  const create = useCreateCaseTag();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [color, setColor] = useState<(typeof TAG_COLORS)[number]>('blue');
  const [error, setError] = useState<string | null>(null);

  function add() {
    const parsed = TagNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please enter tag name');
    create.mutate(
      { name: parsed.data, color },
      {
        onSuccess: (tag) => {
          onCreated(tag.id);
          setOpened(false);
          setName('');
          setError(null);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal trapFocus shadow="md">
      <Popover.Target>
        <Tooltip label="New tag">
          <ActionIcon variant="default" size={36} aria-label="New tag" onClick={() => setOpened((o) => !o)}>
            <IconPlus size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={240}>
          <TextInput
            label="Tag name"
            size="xs"
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={getHotkeyHandler([['Enter', add]])}
            error={error}
          />
          <ColorPicker
            label="Tag colour"
            colors={TAG_COLORS}
            value={color}
            onChange={setColor}
            size={20}
            gap={6}
          />
          <Button size="xs" onClick={add} loading={create.isPending}>
            Add tag
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
