import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInProject, seededQueryClient } from '../../../test/project';
import { END_BEFORE_START, validatePlan } from './PlanFormModal';
import { normaliseKey, ProductFormModal, productBody } from './ProductFormModal';

afterEach(() => vi.unstubAllGlobals());

describe('plan form rules', () => {
  const values = { title: 'Release 2', description: '', startDate: null, endDate: null, status: 1 };

  it('asks for a title in the section-5 words', () => {
    expect(validatePlan({ ...values, title: '  ' }, 'prd1')).toEqual({ title: 'Please enter plan title' });
    expect(validatePlan(values, 'prd1')).toEqual({});
  });

  it('refuses an end before the start, and takes open-ended plans', () => {
    expect(validatePlan({ ...values, startDate: '2026-05-10', endDate: '2026-05-09' }, 'prd1')).toEqual({
      endDate: END_BEFORE_START,
    });
    expect(validatePlan({ ...values, startDate: '2026-05-10', endDate: '2026-05-10' }, 'prd1')).toEqual({});
    expect(validatePlan({ ...values, startDate: '2026-05-10' }, 'prd1')).toEqual({});
  });
});

describe('product form', () => {
  it('upper-cases the key as it is typed and drops what a key cannot hold', () => {
    expect(normaliseKey('crm-2 x')).toBe('CRM2X');
    expect(
      productBody({
        name: 'A',
        identifier: 'CRM',
        description: '',
        ownerId: null,
        memberIds: [],
        reviewerIds: [],
        allowSelfReview: false,
      }),
    ).toEqual({
      name: 'A',
      identifier: 'CRM',
      description: '',
      ownerId: undefined,
      memberIds: [],
      reviewerIds: [],
      allowSelfReview: false,
    });
  });

  it('keeps only members among the reviewers', () => {
    const body = productBody({
      name: 'A',
      identifier: 'CRM',
      description: '',
      ownerId: 'owner',
      memberIds: ['ann'],
      reviewerIds: ['ann', 'owner', 'gone'],
      allowSelfReview: true,
    });
    expect(body.reviewerIds).toEqual(['ann', 'owner']);
    expect(body.allowSelfReview).toBe(true);
  });

  it('names the empty fields, and shows a taken key under the key', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.includes('userList')
        ? new Response(
            JSON.stringify({ success: true, data: { rows: [], total: 0, pageNum: 1, pageSize: 50 } }),
          )
        : new Response(
            JSON.stringify({
              success: false,
              errorCode: 'CONFLICT',
              errorMessage: 'Product key CRM is taken',
              showType: 2,
            }),
            { status: 409 },
          ),
    );
    vi.stubGlobal('fetch', fetch);
    renderInProject(<ProductFormModal opened onClose={() => undefined} />, {
      queryClient: seededQueryClient(),
    });
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create product' }));
    expect(await within(dialog).findByText('Please enter product name')).toBeTruthy();
    expect(within(dialog).getByText('Please enter product key')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Product name/ }), {
      target: { value: 'Another portal' },
    });
    const key = within(dialog).getByRole('textbox', { name: /Key/ }) as HTMLInputElement;
    fireEvent.change(key, { target: { value: 'crm' } });
    expect(key.value).toBe('CRM');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create product' }));
    expect(await within(dialog).findByText('Product key CRM is taken')).toBeTruthy();
    const create = fetch.mock.calls.find(([url]) => String(url).endsWith('/pmsProduct')) as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(create[1].body))).toMatchObject({
      name: 'Another portal',
      identifier: 'CRM',
      ownerId: 'u-alice',
      memberIds: [],
    });
  });
});
