import type { Requirement } from '@shared/permissions/matcher';
import { useLocation } from '@tanstack/react-router';
import { SectionTabs } from '../../../components/SectionTabs/SectionTabs';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';

/** The product's sections; each shows to those who may list what it holds. */
const SECTIONS = [
  {
    value: 'needs',
    label: 'User requirements',
    to: '/$identifier/products/$productId',
    permission: 'product:requirement:list',
  },
  {
    value: 'demand',
    label: 'Requirement specs',
    to: '/$identifier/products/$productId/demand',
    permission: 'product:spec:list',
  },
  {
    value: 'plan',
    label: 'Plans',
    to: '/$identifier/products/$productId/plan',
    permission: 'product:plan:list',
  },
] as const satisfies readonly { value: string; label: string; to: string; permission: Requirement }[];

/**
 * Which section a path is in: `/acme/products/p1/plan/p1.3` is in "plan"; the product's own page
 * and a user requirement's page (`needs/{id}`) are in "needs".
 */
export function productSectionOf(pathname: string, productId: string): string {
  const marker = `/products/${productId}`;
  const at = pathname.indexOf(marker);
  const first =
    at === -1
      ? undefined
      : pathname
          .slice(at + marker.length)
          .split('/')
          .filter(Boolean)[0];
  return first === 'demand' || first === 'plan' ? first : 'needs';
}

export function ProductTabs({ productId }: { productId: string }) {
  const { enterprise, can } = useCurrentEnterprise();
  const pathname = useLocation({ select: (location) => location.pathname });
  const sections = SECTIONS.filter((section) => can(section.permission));
  return (
    <SectionTabs
      label="Product sections"
      value={productSectionOf(pathname, productId)}
      sections={sections}
      params={{ identifier: enterprise.enterpriseIdentifier, productId }}
    />
  );
}
