/**
 * Binds the filters of a list to its search: `field('type', 'Type')` gives a filter the label
 * "Filter by type", the placeholder "Type", the search's `type` and the change that sets it, to
 * spread into `NumberFilter`, `MultiFilter` or `SelectFilter` beside their options.
 */
export function bindFilters<S>(search: S, onChange: (change: Partial<S>) => void) {
  return <K extends keyof S & string>(key: K, name: string) => ({
    label: `Filter by ${name.toLowerCase()}`,
    placeholder: name,
    value: search[key],
    onChange: (value: S[K] | undefined) => onChange({ [key]: value } as Partial<S>),
  });
}

/** Whether any of a list's filters (`keys` of its search) is set. */
export function anyFilterSet<S>(search: S, keys: readonly (keyof S)[]): boolean {
  return keys.some((key) => Boolean(search[key]));
}

/** The change that empties a list's filters (`keys` of its search): "Clear all". */
export function clearedFilters<S>(keys: readonly (keyof S)[]): Partial<S> {
  return Object.fromEntries(keys.map((key) => [key, undefined])) as Partial<S>;
}
