/**
 * A product chooses its reviewers: once it has, only they pass or reject its user requirements
 * and specs; and nobody reviews what they wrote unless the product allows it, reviewers chosen or
 * not. The product's settings (`PUT pmsProduct`) keep reviewers among the members.
 */
import type { Product } from '@shared/schemas/products';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectStatus, type Res, type TestUser } from './helpers';
import { createRequirement, createSpec, type ProductCrew, productCrew } from './product-fixtures';

const errorOf = (res: Res) => res.body.errorMessage as string;

type Family = 'productUserRequirement' | 'productRequirementSpecs';

function review(c: ProductCrew, family: Family, item: { id: string; version: number }, actor: TestUser) {
  return actor.client.put<{ status: number; version: number }>(c.pms(`${family}/review`), {
    id: item.id,
    version: item.version,
    result: 'pass',
  });
}

async function settle(c: ProductCrew, body: Record<string, unknown>): Promise<Product> {
  const current = expectStatus(
    await c.owner.client.get<Product>(c.pms(`pmsProduct/${c.product.id}`)),
    200,
  ).data;
  return expectStatus(
    await c.owner.client.put<Product>(c.pms('pmsProduct'), {
      id: current.id,
      version: current.version,
      ...body,
    }),
    200,
  ).data;
}

describe('product reviewers', () => {
  let c: ProductCrew;
  const identifier = () => c.enterprise.enterpriseIdentifier;

  beforeAll(async () => {
    c = await productCrew(['Web', 'App']);
  });

  it('lets any member but the author review until the product chooses reviewers', async () => {
    const product = await settle(c, { allowSelfReview: false });
    expect(product.reviewers).toEqual([]);
    for (const family of ['productUserRequirement', 'productRequirementSpecs'] as const) {
      const item =
        family === 'productUserRequirement'
          ? await createRequirement(c.owner.client, identifier(), c.product.id)
          : await createSpec(c.owner.client, identifier(), c.product.id);
      expect(errorOf(expectStatus(await review(c, family, item, c.owner), 403))).toBe(
        `You wrote this; product ${c.product.name} does not let authors review their own work`,
      );
      expectStatus(await review(c, family, item, c.noReview), 403);
      expectStatus(await review(c, family, item, c.reviewer), 200);
    }
  });

  it('keeps reviewers among the members, with a 400 naming the field', async () => {
    const current = expectStatus(
      await c.owner.client.get<Product>(c.pms(`pmsProduct/${c.product.id}`)),
      200,
    ).data;
    const refused = await c.owner.client.put(c.pms('pmsProduct'), {
      id: current.id,
      version: current.version,
      reviewerIds: [c.bystander.userId],
    });
    expect(errorOf(expectStatus(refused, 400))).toBe(
      `reviewerIds: User ${c.bystander.userId} is not a member of this product; add them to memberIds first`,
    );
  });

  it('lets only the chosen reviewers review, and refuses authors their own items', async () => {
    const product = await settle(c, { reviewerIds: [c.owner.userId, c.reviewer.userId] });
    expect(product.reviewers.map((user) => user.userId).sort()).toEqual(
      [c.owner.userId, c.reviewer.userId].sort(),
    );

    for (const family of ['productUserRequirement', 'productRequirementSpecs'] as const) {
      const item =
        family === 'productUserRequirement'
          ? await createRequirement(c.owner.client, identifier(), c.product.id)
          : await createSpec(c.owner.client, identifier(), c.product.id);
      // A member with the permission who is not a chosen reviewer.
      const notChosen = await review(c, family, item, c.noReview);
      expect(expectStatus(notChosen, 403).body.errorMessage).toBeTruthy();
      // The author, although a reviewer.
      expect(errorOf(expectStatus(await review(c, family, item, c.owner), 403))).toBe(
        `You wrote this; product ${c.product.name} does not let authors review their own work`,
      );
      // Another reviewer passes it.
      const passed = expectStatus(await review(c, family, item, c.reviewer), 200).data;
      expect(passed.status).not.toBe(item.status);
    }
  });

  it('refuses members who are not reviewers with a message that says so', async () => {
    await settle(c, { memberIds: [c.reviewer.userId, c.noReview.userId, c.bystander.userId] });
    const requirement = await createRequirement(c.owner.client, identifier(), c.product.id);
    expect(
      errorOf(expectStatus(await review(c, 'productUserRequirement', requirement, c.bystander), 403)),
    ).toBe(`Only the reviewers of product ${c.product.name} may review`);
  });

  it('lets an author review their own item once the product allows self-review', async () => {
    const product = await settle(c, { allowSelfReview: true });
    expect(product.allowSelfReview).toBe(true);
    const spec = await createSpec(c.owner.client, identifier(), c.product.id);
    expectStatus(await review(c, 'productRequirementSpecs', spec, c.owner), 200);
  });

  it('drops a reviewer who stops being a member', async () => {
    const product = await settle(c, { memberIds: [c.noReview.userId] });
    expect(product.reviewers.map((user) => user.userId)).toEqual([c.owner.userId]);
  });
});
