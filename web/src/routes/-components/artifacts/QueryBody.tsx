import type { ReactNode } from 'react';
import { errorText } from '../../../api/errors';
import { SectionLoadFailed } from '../../../kit/ListPage/ListPage';

/** A read's state, as TanStack Query gives it. */
export interface ReadQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a read shows until it has its answer: `skeleton` while it loads, "`what` could not be
 * loaded" with the reason and another try when it failed; then `children`.
 */
export function QueryBody({
  query,
  what,
  skeleton,
  children,
}: {
  query: ReadQuery;
  /** "The repository". */
  what: string;
  skeleton: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return skeleton;
  if (query.isError)
    return (
      <SectionLoadFailed
        message={`${what} could not be loaded: ${errorText(query.error)}`}
        onRetry={() => void query.refetch()}
      />
    );
  return <>{children}</>;
}
