import type { ReactNode } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';

/**
 * A link to a requirement waiting for review, on one line: a spec's page or a user requirement's,
 * by its kind (the review queue of a product, the reviews of the to-do list).
 */
export function ReviewLink({
  spec,
  productId,
  id,
  size,
  children,
}: {
  /** A spec; else a user requirement. */
  spec: boolean;
  productId: string;
  id: string;
  size: 'xs' | 'sm';
  children: ReactNode;
}) {
  const identifier = useCurrentEnterprise().enterprise.enterpriseIdentifier;
  const look = { size, truncate: true, children } as const;
  return spec ? (
    <LinkAnchor
      to="/$identifier/products/$productId/demand/$demandIde"
      params={{ identifier, productId, demandIde: id }}
      {...look}
    />
  ) : (
    <LinkAnchor
      to="/$identifier/products/$productId/needs/$needsId"
      params={{ identifier, productId, needsId: id }}
      {...look}
    />
  );
}
