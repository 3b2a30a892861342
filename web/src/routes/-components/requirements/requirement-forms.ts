/**
 * The values of the user-requirement and spec forms, and the request bodies made from them. Edits
 * and changes send only the fields that differ from what was read: a change records every field
 * it names, and an untouched field must not show up in the history as "changed".
 */
import { DEFAULT_REQUIREMENT_PRIORITY, DEFAULT_SPEC_TYPE } from '@shared/domain/products';
import type { ProductModule } from '@shared/schemas/products';
import type { SpecDetail, UserRequirementDetail } from '@shared/schemas/requirements';

const DEFAULT_SOURCE = 1;

export interface UserRequirementValues {
  title: string;
  description: string;
  source: number;
  priority: number;
  moduleId: string | null;
  tagIds: string[];
}

export interface SpecValues {
  title: string;
  description: string;
  acceptance: string;
  type: number;
  priority: number;
  moduleId: string | null;
  ownerId: string | null;
  tagIds: string[];
  /** NumberInput gives '' while empty. */
  estimatedHours: number | string;
}

export function emptyUserRequirement(moduleId: string | null = null): UserRequirementValues {
  return {
    title: '',
    description: '',
    source: DEFAULT_SOURCE,
    priority: DEFAULT_REQUIREMENT_PRIORITY,
    moduleId,
    tagIds: [],
  };
}

export function userRequirementValues(item: UserRequirementDetail): UserRequirementValues {
  return {
    title: item.title,
    description: item.description,
    source: item.source,
    priority: item.priority,
    moduleId: item.moduleId,
    tagIds: item.tags.map((tag) => tag.id),
  };
}

export function emptySpec(initial: Partial<SpecValues> = {}): SpecValues {
  return {
    title: '',
    description: '',
    acceptance: '',
    type: DEFAULT_SPEC_TYPE,
    priority: DEFAULT_REQUIREMENT_PRIORITY,
    moduleId: null,
    ownerId: null,
    tagIds: [],
    estimatedHours: '',
    ...initial,
  };
}

export function specValues(spec: SpecDetail): SpecValues {
  return {
    title: spec.title,
    description: spec.description,
    acceptance: spec.acceptance,
    type: spec.type,
    priority: spec.priority,
    moduleId: spec.moduleId,
    ownerId: spec.owner?.userId ?? null,
    tagIds: spec.tags.map((tag) => tag.id),
    estimatedHours: spec.estimatedHours ?? '',
  };
}

/** The values as the API takes them: an empty estimate is null, text is trimmed by the schema. */
export function specFields(values: SpecValues) {
  return {
    ...values,
    estimatedHours: typeof values.estimatedHours === 'number' ? values.estimatedHours : null,
  };
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
  }
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return a === b;
}

/** The fields of `values` that differ from `original` (tags compared as a set, text trimmed). */
export function changedFields<T extends object>(original: T, values: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    if (!same(original[key], values[key])) changes[key] = values[key];
  }
  return changes;
}

/**
 * Modules as picker options, each labelled with its path ("Billing / Invoices") so two modules of
 * the same name under different parents can be told apart. The list comes parents first.
 */
export function moduleOptions(modules: readonly ProductModule[]): { value: string; label: string }[] {
  const paths = new Map<string, string>();
  for (const module of modules) {
    const parent = module.root_id ? paths.get(module.root_id) : undefined;
    paths.set(module.id, parent ? `${parent} / ${module.name}` : module.name);
  }
  return modules.map((module) => ({ value: module.id, label: paths.get(module.id) ?? module.name }));
}
