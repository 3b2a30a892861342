import { Select, SimpleGrid } from '@mantine/core';
import { PLAN_STATUS, PLAN_STATUSES, STORED_PLAN_STATUSES } from '@shared/domain/products';
import { maxLengthOf } from '@shared/schemas/common';
import { type Plan, type PlanBody, PlanBodySchema } from '@shared/schemas/products';
import type { EditModalProps } from '../../../kit/FormModal/edit-modal-props';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { DateRangeInputs, MarkdownTextarea, TitleInput } from '../../../kit/FormModal/fields';
import { useEditForm } from '../../../kit/FormModal/use-edit-form';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreatePlan, useUpdatePlan } from '../../../queries/products';
import { COMBOBOX_PROPS } from '../work-items/fields';

export interface PlanFormValues {
  title: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
  /** A stored status; null while an expired plan's stored status is not known (left as it is). */
  status: number | null;
}

const STATUS_OPTIONS = PLAN_STATUSES.filter((s) =>
  (STORED_PLAN_STATUSES as readonly number[]).includes(s.id),
).map((s) => ({ value: String(s.id), label: s.name }));

export const END_BEFORE_START = 'The end date may not be before the start date';

function initialValues(plan?: Plan): PlanFormValues {
  return {
    title: plan?.title ?? '',
    description: plan?.description ?? '',
    startDate: plan?.startDate ?? null,
    endDate: plan?.endDate ?? null,
    // The list shows 4 (expired) for an open plan past its end: its stored status is not sent.
    status: plan ? (plan.status === PLAN_STATUS.expired ? null : plan.status) : PLAN_STATUS.notStarted,
  };
}

/** The request body for the form's values (also what the shared schema validates). */
export function planBody(values: PlanFormValues, productId: string): PlanBody {
  return {
    productId,
    title: values.title,
    description: values.description,
    startDate: values.startDate,
    endDate: values.endDate,
    ...(values.status === null ? {} : { status: values.status as PlanBody['status'] }),
  };
}

/** The shared schema's rules, and the end-after-start rule the server applies too (a 400). */
export function validatePlan(values: PlanFormValues, productId: string) {
  const errors = zodResolver(PlanBodySchema)(planBody(values, productId));
  if (!errors.endDate && values.startDate && values.endDate && values.endDate < values.startDate) {
    errors.endDate = END_BEFORE_START;
  }
  return errors;
}

/** The body without the product (the mutations add it), as the shared schema parses it. */
function planFields(values: PlanFormValues, productId: string) {
  const { productId: _product, ...body } = PlanBodySchema.parse(planBody(values, productId));
  return body;
}

interface PlanFormModalProps extends EditModalProps<'plan', Plan> {
  productId: string;
}

/** Title, dates, status and description of a plan (a milestone of the product). */
export function PlanFormModal({ opened, onClose, productId, plan, onCreated }: PlanFormModalProps) {
  const { form, modal } = useEditForm({
    opened,
    onClose,
    onCreated,
    item: plan,
    values: () => initialValues(plan ?? undefined),
    key: [plan?.id, plan?.version],
    validate: (values: PlanFormValues) => validatePlan(values, productId),
    validateInputOnBlur: ['title'],
    noun: 'plan',
    createLabel: 'Create plan',
    label: (saved: Plan) => `Plan ${saved.title}`,
    create: useCreatePlan(productId),
    createBody: (values) => planFields(values, productId),
    update: useUpdatePlan(productId),
    updateBody: (values, item) => ({ ...planFields(values, productId), id: item.id, version: item.version }),
  });
  const values = form.getValues();

  return (
    <FormModal {...modal} size="lg">
      <TitleInput
        placeholder="Release 2.0"
        maxLength={maxLengthOf(PlanBodySchema.shape.title)}
        {...form.getInputProps('title')}
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <DateRangeInputs form={form} />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          placeholder={plan?.status === PLAN_STATUS.expired ? 'Keep (expired)' : undefined}
          allowDeselect={false}
          comboboxProps={COMBOBOX_PROPS}
          value={values.status === null ? null : String(values.status)}
          onChange={(value) => value !== null && form.setFieldValue('status', Number(value))}
          error={form.errors.status}
        />
      </SimpleGrid>
      <MarkdownTextarea
        label="Description"
        description="Markdown"
        placeholder="What the plan delivers (optional)"
        {...form.getInputProps('description')}
      />
    </FormModal>
  );
}
