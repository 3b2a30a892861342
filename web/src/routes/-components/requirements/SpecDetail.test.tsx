import type { Product } from '@shared/schemas/products';
import type { ChangeRecord, SpecDetail as SpecDetailData } from '@shared/schemas/requirements';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productKeys } from '../../../queries/products';
import { requirementKeys } from '../../../queries/requirements';
import { alice, bob, renderInProject, seededQueryClient } from '../../../test/project';
import { SpecDetail } from './SpecDetail';

const PRODUCT = 'prod1';
const SPEC = 'prod1.s1';
const emptyPage = { pages: [{ rows: [], total: 0, pageNum: 1, pageSize: 20 }], pageParams: [1] };

function spec(extra: Partial<SpecDetailData> = {}): SpecDetailData {
  return {
    id: SPEC,
    productId: PRODUCT,
    number: 7,
    title: 'Stall alert on the console',
    type: 1,
    typeName: 'Feature',
    priority: 2,
    moduleId: null,
    moduleName: null,
    tags: [],
    owner: bob,
    estimatedHours: null,
    status: 2,
    statusName: 'Reviewed',
    planId: null,
    planTitle: null,
    userRequirementId: 'prod1.u3',
    author: alice,
    lastReview: { user: bob, at: '2026-11-02T10:00:00.000Z', result: 'pass', comment: 'Looks right' },
    demandCount: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    version: 3,
    description: 'The console shows a **red** banner.',
    acceptance: '',
    userRequirement: {
      id: 'prod1.u3',
      number: 3,
      title: 'Alert on stalls',
      status: 3,
      statusName: 'Refined',
    },
    ...extra,
  };
}

const change: ChangeRecord = {
  id: 'r2',
  objectId: SPEC,
  action: 'change',
  actionName: 'Change',
  user: bob,
  at: '2026-11-02T09:00:00.000Z',
  comment: 'Shorter delay',
  fromStatus: 2,
  toStatus: 6,
  fields: [
    { field: 'priority', label: 'Priority', before: 'High', after: 'Urgent' },
    {
      field: 'description',
      label: 'Description',
      before: 'Alert after 60 seconds.',
      after: 'Alert after 45 seconds.',
    },
  ],
};

function seeded(data: SpecDetailData, { isMember = true, records = [change] } = {}) {
  const queryClient = seededQueryClient();
  queryClient.setQueryData(requirementKeys.spec(SPEC), data);
  queryClient.setQueryData(requirementKeys.specRecords(SPEC), records);
  queryClient.setQueryData(requirementKeys.specPlan(SPEC), null);
  queryClient.setQueryData(requirementKeys.specProjects(SPEC), []);
  queryClient.setQueryData(requirementKeys.specTestcases(SPEC), []);
  queryClient.setQueryData(requirementKeys.journals(SPEC), emptyPage);
  queryClient.setQueryData(productKeys.detail(PRODUCT), { id: PRODUCT, isMember } as Product);
  return queryClient;
}

function workflowButtons(): string[] {
  return within(screen.getByTestId('workflow-actions'))
    .getAllByRole('button')
    .map((button) => button.textContent ?? '');
}

describe('SpecDetail', () => {
  it('offers exactly the workflow actions of a reviewed spec, and sending it to a project', async () => {
    renderInProject(<SpecDetail productId={PRODUCT} specId={SPEC} variant="page" />, {
      queryClient: seeded(spec()),
    });
    await screen.findByTestId('spec-detail');
    expect(workflowButtons()).toEqual(['Change', 'Activate into a plan', 'Complete', 'Send to project']);
    expect(screen.getByRole('button', { name: 'Delete SR-7' })).toBeTruthy();
  });

  it('offers review to a pending spec, disabled for someone outside the product', async () => {
    renderInProject(<SpecDetail productId={PRODUCT} specId={SPEC} variant="page" />, {
      queryClient: seeded(spec({ status: 1 }), { isMember: false }),
    });
    await screen.findByTestId('spec-detail');
    expect(workflowButtons()).toEqual(['Edit', 'Pass review', 'Reject']);
    expect((screen.getByRole('button', { name: 'Pass review' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Edit' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows nothing the permissions do not allow', async () => {
    renderInProject(<SpecDetail productId={PRODUCT} specId={SPEC} variant="page" />, {
      queryClient: seeded(spec({ status: 4 })),
      permissions: ['product:spec:list'],
    });
    await screen.findByTestId('spec-detail');
    expect(screen.queryByTestId('workflow-actions')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete SR-7' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Comments' }));
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Comment' })).toBeNull();
  });

  it('traces where it comes from and says what is missing', async () => {
    renderInProject(<SpecDetail productId={PRODUCT} specId={SPEC} variant="page" />, {
      queryClient: seeded(spec()),
    });
    const trace = await screen.findByTestId('spec-trace');
    expect(within(trace).getByRole('link', { name: 'UR-3 Alert on stalls' }).getAttribute('href')).toBe(
      '/acme/products/prod1/needs/prod1.u3',
    );
    expect(within(trace).getByText('Not in a plan')).toBeTruthy();
    expect(within(trace).getByText('Not sent to any project yet')).toBeTruthy();
    expect(within(trace).getByText('No test cases cover this spec yet')).toBeTruthy();
  });

  it('shows a change with its reason, short fields as before → after and text as a word diff', async () => {
    renderInProject(<SpecDetail productId={PRODUCT} specId={SPEC} variant="page" />, {
      queryClient: seeded(spec()),
    });
    const history = await screen.findByTestId('change-history');
    expect(within(history).getByText('Shorter delay')).toBeTruthy();
    expect(within(history).getByTestId('field-diff-priority').textContent).toBe('Priority: High → Urgent');
    const text = within(history).getByTestId('field-diff-description');
    expect(text.querySelector('del')?.textContent).toBe('60');
    expect(text.querySelector('ins')?.textContent).toBe('45');
  });

  it('opens the review dialog and needs a comment to reject', async () => {
    renderInProject(<SpecDetail productId={PRODUCT} specId={SPEC} variant="page" />, {
      queryClient: seeded(spec({ status: 6 })),
    });
    await screen.findByTestId('spec-detail');
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review SR-7 Stall alert on the console' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please enter comment (why it is rejected)')).toBeTruthy();
  });
});
