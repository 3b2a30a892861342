import type { Product } from '@shared/schemas/products';
import type { UserRequirementDetail as Detail } from '@shared/schemas/requirements';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productKeys } from '../../../queries/products';
import { requirementKeys } from '../../../queries/requirements';
import { alice, bob, renderInProject, seededQueryClient } from '../../../test/project';
import { UserRequirementDetail } from './UserRequirementDetail';

const PRODUCT = 'prod1';
const ID = 'prod1.u3';

function requirement(extra: Partial<Detail> = {}): Detail {
  return {
    id: ID,
    productId: PRODUCT,
    number: 3,
    title: 'Alert on stalls',
    source: 1,
    sourceName: 'Customer',
    priority: 2,
    moduleId: null,
    moduleName: null,
    tags: [],
    status: 2,
    statusName: 'Reviewed',
    author: alice,
    lastReview: { user: bob, at: '2026-11-02T10:00:00.000Z', result: 'pass', comment: '' },
    specCount: 1,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    version: 2,
    description: 'Night shift misses stalled robots.',
    specs: [{ id: 'prod1.s9', number: 9, title: 'Stall banner', status: 4, statusName: 'Planning' }],
    ...extra,
  };
}

function seeded(data: Detail) {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(requirementKeys.userRequirement(ID), data);
  queryClient.setQueryData(requirementKeys.userRequirementRecords(ID), []);
  queryClient.setQueryData(productKeys.detail(PRODUCT), { id: PRODUCT, isMember: true } as Product);
  queryClient.setQueryData(productKeys.moduleList(PRODUCT), []);
  queryClient.setQueryData(productKeys.users(PRODUCT), [alice, bob]);
  queryClient.setQueryData(productKeys.tags(), []);
  return queryClient;
}

describe('UserRequirementDetail', () => {
  it('offers the actions of a reviewed requirement and links the specs refined from it', async () => {
    renderInProject(<UserRequirementDetail productId={PRODUCT} id={ID} />, {
      queryClient: seeded(requirement()),
    });
    const actions = await screen.findByTestId('workflow-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Change', 'Refine into a spec', 'Close']);
    const link = within(screen.getByTestId('refined-specs')).getByRole('link', { name: 'SR-9 Stall banner' });
    expect(link.getAttribute('href')).toBe('/acme/products/prod1/demand/prod1.s9');
  });

  it('refines into a spec prefilled with its title and description', async () => {
    renderInProject(<UserRequirementDetail productId={PRODUCT} id={ID} />, {
      queryClient: seeded(requirement()),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Refine into a spec' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refine into a spec' });
    expect(within(dialog).getByText('Refines UR-3 Alert on stalls')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Alert on stalls',
    );
    expect((within(dialog).getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).value).toBe(
      'Night shift misses stalled robots.',
    );
  });

  it('asks for a reason before recording a change', async () => {
    renderInProject(<UserRequirementDetail productId={PRODUCT} id={ID} />, {
      queryClient: seeded(requirement()),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: /Change UR-3/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit change' }));
    expect(await within(dialog).findByText('Please enter change reason')).toBeTruthy();
  });

  it('only reopens a closed requirement', async () => {
    renderInProject(<UserRequirementDetail productId={PRODUCT} id={ID} />, {
      queryClient: seeded(requirement({ status: 4 })),
    });
    const actions = await screen.findByTestId('workflow-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reopen']);
  });
});
