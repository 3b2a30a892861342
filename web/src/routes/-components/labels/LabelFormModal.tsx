import { Badge, CheckIcon, ColorSwatch, Group, Input, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type IssueTag, type IssueTagBody, IssueTagBodySchema, TAG_COLORS } from '@shared/schemas/issues';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { saveCallbacks, useStartAfresh } from '../../../lib/form-modal';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateTag, useUpdateTag } from '../../../queries/issues';

type TagColor = (typeof TAG_COLORS)[number];

interface LabelFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The label to edit; absent to create one. */
  tag?: IssueTag | null;
}

/** Name and colour of a work-item label (tag), validated by the shared IssueTagBodySchema. */
export function LabelFormModal({ opened, onClose, tag }: LabelFormModalProps) {
  const create = useCreateTag();
  const update = useUpdateTag();
  const saving = create.isPending || update.isPending;
  const form = useForm<{ name: string; color: TagColor }>({
    initialValues: { name: '', color: 'blue' },
    validate: zodResolver(IssueTagBodySchema),
  });

  useStartAfresh(
    form,
    opened,
    () => ({
      name: tag?.name ?? '',
      color: (TAG_COLORS as readonly string[]).includes(tag?.color ?? '') ? (tag?.color as TagColor) : 'blue',
    }),
    [tag?.id, tag?.version],
  );

  const done = saveCallbacks<IssueTag>({ form, onClose, label: (saved) => `Label ${saved.name}` });
  const submit = form.onSubmit((values) => {
    const body: IssueTagBody = IssueTagBodySchema.parse(values);
    if (tag) update.mutate({ id: tag.id, body: { ...body, version: tag.version } }, done.updated);
    else create.mutate(body, done.created);
  });

  const { name, color } = form.getValues();

  return (
    <FormModal
      title={tag ? 'Edit label' : 'New label'}
      opened={opened}
      onClose={onClose}
      pending={saving}
      onSubmit={submit}
      submitLabel={tag ? 'Save' : 'Create'}
    >
      <TextInput
        data-autofocus
        label="Name"
        placeholder="backend"
        withAsterisk
        {...form.getInputProps('name')}
      />
      <Input.Wrapper label="Colour" error={form.errors.color}>
        <Group gap="xs" mt={6} role="radiogroup" aria-label="Colour">
          {TAG_COLORS.map((option) => (
            <Tooltip key={option} label={option}>
              <ColorSwatch
                component="button"
                type="button"
                role="radio"
                aria-checked={color === option}
                aria-label={option}
                color={`var(--mantine-color-${option}-6)`}
                onClick={() => form.setFieldValue('color', option)}
                style={{ cursor: 'pointer', color: '#fff' }}
              >
                {color === option && <CheckIcon size={12} />}
              </ColorSwatch>
            </Tooltip>
          ))}
        </Group>
      </Input.Wrapper>
      <Group gap="xs">
        <Input.Label component="span">Preview</Input.Label>
        <Badge variant="light" color={color} tt="none">
          {name.trim() || 'label'}
        </Badge>
      </Group>
    </FormModal>
  );
}
