import { MultiSelect, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { MAX_PRODUCT_MEMBERS } from '@shared/domain/products';
import { type Product, type ProductBody, ProductBodySchema } from '@shared/schemas/products';
import type { UserSummary } from '@shared/schemas/projects';
import { useMemo } from 'react';
import type { EditModalProps } from '../../../kit/FormModal/edit-modal-props';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { NotesTextarea, TitleInput } from '../../../kit/FormModal/fields';
import { useEditForm } from '../../../kit/FormModal/use-edit-form';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateProduct, useUpdateProduct } from '../../../queries/products';
import { COMBOBOX_PROPS } from '../work-items/fields';
import { usePeopleOptions } from './use-people-options';

export interface ProductFormValues {
  name: string;
  identifier: string;
  description: string;
  ownerId: string | null;
  memberIds: string[];
  reviewerIds: string[];
  allowSelfReview: boolean;
}

type ProductFormModalProps = EditModalProps<'product', Product>;

function initialValues(product: Product | null | undefined, myId: string): ProductFormValues {
  return {
    name: product?.name ?? '',
    identifier: product?.identifier ?? '',
    description: product?.description ?? '',
    ownerId: product?.owner.userId ?? myId,
    memberIds: product?.members.map((member) => member.userId) ?? [],
    reviewerIds: product?.reviewers.map((reviewer) => reviewer.userId) ?? [],
    allowSelfReview: product?.allowSelfReview ?? false,
  };
}

/** The request body for the form's values (also what the shared schema validates). */
export function productBody(values: ProductFormValues): ProductBody {
  return {
    name: values.name,
    identifier: values.identifier,
    description: values.description,
    ownerId: values.ownerId ?? undefined,
    memberIds: values.memberIds,
    reviewerIds: reviewersAmong(values),
    allowSelfReview: values.allowSelfReview,
  };
}

/** Reviewers are members: one taken out of the members stops being a reviewer. */
function reviewersAmong(values: ProductFormValues): string[] {
  const members = new Set([values.ownerId, ...values.memberIds]);
  return values.reviewerIds.filter((id) => members.has(id));
}

/** Keys are capitals and digits: what is typed is upper-cased, spaces and dashes dropped. */
export function normaliseKey(typed: string): string {
  return typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * A product's name, key, description, owner and members; validated by the shared
 * ProductBodySchema. The key is chosen once: editing shows it read-only (the API refuses changes).
 */
export function ProductFormModal({ opened, onClose, product, onCreated }: ProductFormModalProps) {
  const { me } = useCurrentEnterprise();
  const { form, modal } = useEditForm({
    opened,
    onClose,
    onCreated,
    item: product,
    // Opening starts from the product as it is now (it may have changed since the last time).
    values: () => initialValues(product, me.userId),
    key: [product?.version],
    validate: (values: ProductFormValues) => zodResolver(ProductBodySchema)(productBody(values)),
    validateInputOnBlur: ['name', 'identifier'],
    noun: 'product',
    createLabel: 'Create product',
    label: (saved: Product) => `Product ${saved.name}`,
    create: useCreateProduct(),
    createBody: (values) => ProductBodySchema.parse(productBody(values)),
    update: useUpdateProduct(),
    updateBody: (values, item) => {
      // The key is chosen once: the API refuses a change, so the edit leaves it out.
      const { identifier: _key, ...changes } = ProductBodySchema.parse(productBody(values));
      return { ...changes, id: item.id, version: item.version };
    },
    // Creating conflicts only on the key (unique in the enterprise): say so under it.
    createConflict: { field: 'identifier', message: (values) => `${values.identifier} is taken` },
  });

  const known = useMemo<UserSummary[]>(() => (product ? [product.owner, ...product.members] : []), [product]);
  const owners = usePeopleOptions(known, opened);
  const members = usePeopleOptions(known, opened);
  // The reviewers are picked among the members chosen in this form (the creator is added on save).
  const memberIdsNow = [form.values.ownerId, ...form.values.memberIds];
  const reviewerOptions = [
    ...members.options,
    ...owners.options,
    { value: me.userId, label: me.user.nickname || me.user.login },
  ].filter(
    (option, index, all) =>
      memberIdsNow.includes(option.value) && all.findIndex((o) => o.value === option.value) === index,
  );

  const keyProps = form.getInputProps('identifier');
  return (
    <FormModal {...modal} size="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <TitleInput
          label="Product name"
          placeholder="Customer portal"
          style={{ gridColumn: 'span 2' }}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Key"
          placeholder="CRM"
          withAsterisk={!product}
          description={product ? 'The key cannot change' : 'Capitals and digits, e.g. CRM'}
          readOnly={Boolean(product)}
          disabled={Boolean(product)}
          maxLength={10}
          autoComplete="off"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...keyProps}
          onChange={(event) => form.setFieldValue('identifier', normaliseKey(event.currentTarget.value))}
        />
      </SimpleGrid>
      <NotesTextarea
        label="Description"
        placeholder="What the product is, and for whom (optional)"
        {...form.getInputProps('description')}
      />
      <Select
        label="Owner"
        description="The product manager; always a product member"
        placeholder="Search members"
        data={owners.options}
        searchable
        onSearchChange={owners.onSearchChange}
        nothingFoundMessage={owners.loading ? 'Searching…' : 'No member matches'}
        allowDeselect={false}
        comboboxProps={COMBOBOX_PROPS}
        {...form.getInputProps('ownerId')}
      />
      <MultiSelect
        label="Members"
        description={
          owners.canList
            ? 'Members review requirements and own specs; you and the owner are always members'
            : 'Picking people needs the “View members” permission; you and the owner are always members'
        }
        placeholder="Search members"
        data={members.options}
        searchable
        searchValue={members.searchValue}
        onSearchChange={members.onSearchChange}
        nothingFoundMessage={members.loading ? 'Searching…' : 'No member matches'}
        maxValues={MAX_PRODUCT_MEMBERS}
        hidePickedOptions
        clearable
        comboboxProps={COMBOBOX_PROPS}
        {...form.getInputProps('memberIds')}
      />
      <MultiSelect
        label="Reviewers"
        description="Only they pass or reject requirements and specs; none chosen: every member reviews"
        placeholder={form.values.reviewerIds.length ? undefined : 'Every member'}
        data={reviewerOptions}
        value={reviewersAmong(form.values)}
        onChange={(ids) => form.setFieldValue('reviewerIds', ids)}
        hidePickedOptions
        clearable
        comboboxProps={COMBOBOX_PROPS}
        error={form.errors.reviewerIds}
      />
      <Switch
        label="Authors may review what they wrote"
        description="Off: a requirement or spec needs a reviewer other than its author"
        {...form.getInputProps('allowSelfReview', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
