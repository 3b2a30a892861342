import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { guardedLoad } from '../../lib/route-guards';

/**
 * A list route's loader: the first visit waits for the page (and its errors go where guardedLoad
 * sends them); searching and paging stay on the page, which keeps showing the previous rows
 * meanwhile, so they only start the fetch. Called like `loadQuery`:
 * `loader: (load) => loadList(planListQueryOptions(load.params.productId, load.deps), load)`.
 */
export async function loadList<T, K extends QueryKey>(
  options: EnsureQueryDataOptions<T, Error, T, K>,
  {
    context: { queryClient },
    cause,
    location,
  }: {
    context: { queryClient: QueryClient };
    cause: 'preload' | 'enter' | 'stay';
    location: { publicHref: string };
  },
): Promise<void> {
  if (cause === 'stay') return void queryClient.prefetchQuery(options);
  await guardedLoad(() => queryClient.ensureQueryData(options), location.publicHref);
}
