import { Badge, Box, Group, Input } from '@mantine/core';
import { type IssueTag, type IssueTagBody, IssueTagBodySchema, TAG_COLORS } from '@shared/schemas/issues';
import { ColorPicker } from '../../../kit/ColorPicker/ColorPicker';
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
        <Box mt={6}>
          <ColorPicker
            label="Colour"
            colors={TAG_COLORS}
            value={color}
            onChange={(option) => form.setFieldValue('color', option)}
            tooltips
          />
        </Box>
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
