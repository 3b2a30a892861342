import { MAX_REQUIREMENT_TAGS, REQUIREMENT_SOURCES, SPEC_TYPES } from '@shared/domain/products';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useMemo } from 'react';
import { OptionSelect, TagsSelect } from '../../../kit/FormModal/fields';
import {
  moduleListQueryOptions,
  planListQueryOptions,
  productUsersQueryOptions,
  requirementTagsQueryOptions,
} from '../../../queries/products';
import { colorOption } from '../work-items/fields';
import { displayName } from '../work-items/WorkItemBadges';
import { moduleOptions } from './requirement-forms';

/** Options of the pickers the forms, filters, batch bar and details share. */

export const SOURCE_OPTIONS = REQUIREMENT_SOURCES.map((s) => ({ value: String(s.id), label: s.name }));
export const TYPE_OPTIONS = SPEC_TYPES.map((t) => ({ value: String(t.id), label: t.name }));

export function sourceName(id: number): string {
  return REQUIREMENT_SOURCES.find((s) => s.id === id)?.name ?? `Source ${id}`;
}

/** The product's modules, labelled with their paths. */
export function useModuleOptions(productId: string) {
  const modules = useQuery(moduleListQueryOptions(productId));
  return { options: moduleOptions(modules.data ?? []), loading: modules.isPending };
}

/** A form's module: one of the product's modules, or none. */
export function ModuleSelect({
  productId,
  ...input
}: { productId: string } & Omit<
  ComponentProps<typeof OptionSelect>,
  'options' | 'label' | 'empty' | 'nothingFound'
>) {
  const modules = useModuleOptions(productId);
  return (
    <OptionSelect
      label="Module"
      options={modules}
      empty="No module"
      nothingFound="No module matches"
      {...input}
    />
  );
}

/** The product's members: owners of specs (`GET pmsProduct/userList`). */
export function useMemberOptions(productId: string) {
  const users = useQuery(productUsersQueryOptions(productId));
  const options = (users.data ?? []).map((user) => ({ value: user.userId, label: displayName(user) }));
  return { options, loading: users.isPending };
}

/** Plans a picker or filter offers: the first hundred, by end date. */
const PLAN_PICKER = { pageNum: 1, pageSize: 100 } as const;

/** The product's plans. */
export function usePlanOptions(productId: string) {
  const plans = useQuery(planListQueryOptions(productId, PLAN_PICKER));
  const rows = plans.data?.rows ?? [];
  const options = rows.map((plan) => ({ value: plan.id, label: plan.title }));
  return { options, plans: rows, loading: plans.isPending };
}

/** The enterprise's requirement tags as options, and their colours for rendering. */
export function useRequirementTagOptions() {
  const tags = useQuery(requirementTagsQueryOptions());
  const options = (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
  const colors = Object.fromEntries((tags.data ?? []).map((tag) => [tag.id, tag.color]));
  return { options, colors, loading: tags.isPending };
}

/** A form's tags: the enterprise's requirement tags, each with its colour. */
export function RequirementTagsSelect(
  input: Omit<ComponentProps<typeof TagsSelect>, 'tags' | 'max' | 'renderOption'>,
) {
  const tags = useRequirementTagOptions();
  const renderTag = useMemo(() => colorOption(tags.colors), [tags.colors]);
  return <TagsSelect tags={tags} max={MAX_REQUIREMENT_TAGS} renderOption={renderTag} {...input} />;
}
