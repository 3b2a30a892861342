import { EntityTabs, type GuardedSection, sectionAfter } from '../../../kit/EntityTabs/EntityTabs';

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
] as const satisfies readonly GuardedSection[];

/**
 * Which section a path is in: `/acme/products/p1/plan/p1.3` is in "plan"; the product's own page
 * and a user requirement's page (`needs/{id}`) are in "needs".
 */
export function productSectionOf(pathname: string, productId: string): string {
  const first = sectionAfter(pathname, `/products/${productId}`);
  return first === 'demand' || first === 'plan' ? first : 'needs';
}

export function ProductTabs({ productId }: { productId: string }) {
  return (
    <EntityTabs
      label="Product sections"
      sections={SECTIONS}
      sectionOf={(pathname) => productSectionOf(pathname, productId)}
      params={{ productId }}
    />
  );
}
