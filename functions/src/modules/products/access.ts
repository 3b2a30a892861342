/**
 * Finding a product and the things inside it, the same way for every product route: unknown ids
 * and other enterprises' ids are 404 (keys start with the caller's enterprise), and reviewing is
 * for product members.
 */

import { forbidden, notFound } from '@core/errors';
import { parseScopedId } from '@core/ids';
import { reviewRefusal } from '@shared/domain/products';
import { getProduct, type ProductRecord } from './store/products';

export const productNotFound = (productId: string) => notFound(`Product ${productId} does not exist`);

/** The product, or 404. */
export async function requireProduct(enterpriseId: string, productId: string): Promise<ProductRecord> {
  const product = await getProduct(enterpriseId, productId);
  if (!product) throw productNotFound(productId);
  return product;
}

/**
 * Splits a product-scoped id (`{productId}.{localId}`) of a module, plan, requirement or spec;
 * `what` names it in the 404 ("Plan x does not exist") when the id is not one.
 */
export function splitProductScopedId(id: string, what: string): { productId: string; localId: string } {
  const parts = parseScopedId(id);
  // A product-scoped id has exactly one dot; a comment's id (two) is not one.
  if (!parts || parts.parentId.includes('.')) throw notFound(`${what} ${id} does not exist`);
  return { productId: parts.parentId, localId: parts.localId };
}

export function isProductMember(product: ProductRecord, userId: string): boolean {
  return product.memberIds.includes(userId);
}

/** 403 unless the caller is a member of the product (reviews are for product members). */
export function assertProductMember(product: ProductRecord, userId: string, doing: string): void {
  if (!isProductMember(product, userId)) {
    throw forbidden(`Only members of product ${product.name} may ${doing}`);
  }
}

/**
 * 403 unless the caller may pass or reject an item `authorId` wrote: a member, one of the
 * product's reviewers when it chose some, and not its author unless the product allows that
 * (`reviewRefusal` in shared/src/domain/products.ts, the rule the web shows too).
 */
export function assertMayReview(product: ProductRecord, userId: string, authorId: string): void {
  const refusal = reviewRefusal(product, userId, authorId);
  if (refusal) throw forbidden(refusal);
}
