/** One choice of a status filter: a status as the URL names it, or "all" for no filter. */
export interface StatusChoice<S extends string> {
  value: S | 'all';
  label: string;
}

/**
 * The choices of a list's status filter from the label of each status: "All" (no filter) first,
 * then the statuses in the order given; `allLast` puts "All" at the end, where the list shows the
 * first status when none is chosen.
 */
export function statusChoices<S extends string>(
  labels: Record<S, string>,
  { allLast = false } = {},
): StatusChoice<S>[] {
  const each = (Object.entries(labels) as [S, string][]).map(([value, label]) => ({ value, label }));
  const all: StatusChoice<S> = { value: 'all', label: 'All' };
  return allLast ? [...each, all] : [all, ...each];
}
