import { Badge, CheckIcon, ColorSwatch, Group, Input, Tooltip } from '@mantine/core';
import { type IssueTag, type IssueTagBody, IssueTagBodySchema, TAG_COLORS } from '@shared/schemas/issues';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { TitleInput } from '../../../kit/FormModal/fields';
import { useEditForm } from '../../../kit/FormModal/use-edit-form';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateTag, useUpdateTag } from '../../../queries/issues';

type TagColor = (typeof TAG_COLORS)[number];
type LabelValues = { name: string; color: TagColor };

interface LabelFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The label to edit; absent to create one. */
  tag?: IssueTag | null;
}

/** Name and colour of a work-item label (tag), validated by the shared IssueTagBodySchema. */
export function LabelFormModal({ opened, onClose, tag }: LabelFormModalProps) {
  const { form, modal } = useEditForm({
    opened,
    onClose,
    item: tag,
    values: (): LabelValues => ({
      name: tag?.name ?? '',
      color: (TAG_COLORS as readonly string[]).includes(tag?.color ?? '') ? (tag?.color as TagColor) : 'blue',
    }),
    key: [tag?.id, tag?.version],
    validate: zodResolver<LabelValues>(IssueTagBodySchema),
    noun: 'label',
    createLabel: 'Create',
    label: (saved: IssueTag) => `Label ${saved.name}`,
    create: useCreateTag(),
    createBody: (values): IssueTagBody => IssueTagBodySchema.parse(values),
    update: useUpdateTag(),
    updateBody: (values, item) => ({
      id: item.id,
      body: { ...IssueTagBodySchema.parse(values), version: item.version },
    }),
  });

  const { name, color } = form.getValues();

  return (
    <FormModal {...modal}>
      <TitleInput label="Name" placeholder="backend" {...form.getInputProps('name')} />
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
