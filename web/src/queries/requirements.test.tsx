import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentRequest, stubFetch } from '../test/fetch';
import { createTestQueryClient, renderQueryHook } from '../test/render';
import { productKeys } from './products';
import { requirementKeys, useChangeSpec, useDeleteSpec } from './requirements';

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const queryClient = createTestQueryClient();
  const keys = {
    spec: requirementKeys.spec('p1.s1'),
    specRecords: requirementKeys.specRecords('p1.s1'),
    otherSpec: requirementKeys.spec('p1.s2'),
    requirement: requirementKeys.userRequirement('p1.u1'),
    list: requirementKeys.specList({ productId: 'p1', pageNum: 1 }),
    otherProductList: requirementKeys.specList({ productId: 'p2', pageNum: 1 }),
    product: productKeys.detail('p1'),
    plans: productKeys.planList('p1', { pageNum: 1, pageSize: 10 }),
  };
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { old: true });
  const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, keys, invalidated };
}

describe('requirement mutations', () => {
  it('a change puts to productRequirementSpecs/change and refreshes what shows the spec', async () => {
    const answer = { id: 'p1.s1', number: 1, status: 6 };
    const fetchMock = stubFetch({ success: true, data: answer });
    const { queryClient, keys, invalidated } = setup();
    const { result } = renderQueryHook(() => useChangeSpec('p1'), queryClient);
    await act(() => result.current.mutateAsync({ id: 'p1.s1', version: 2, reason: 'why', priority: 1 }));

    const [url, init] = sentRequest(fetchMock);
    expect(url).toBe('/api/pms/productRequirementSpecs/change');
    expect(init).toMatchObject({
      method: 'PUT',
      body: '{"id":"p1.s1","version":2,"reason":"why","priority":1}',
    });
    // Its own detail is the answer; its history, the product's lists, other details and counts refresh.
    expect(queryClient.getQueryData(keys.spec)).toEqual(answer);
    expect(invalidated(keys.spec)).toBe(false);
    for (const key of [
      keys.specRecords,
      keys.otherSpec,
      keys.requirement,
      keys.list,
      keys.product,
      keys.plans,
    ]) {
      expect(invalidated(key)).toBe(true);
    }
    expect(invalidated(keys.otherProductList)).toBe(false);
  });

  it('a delete leaves the deleted spec alone (its page is leaving) and refreshes the rest', async () => {
    const fetchMock = stubFetch({ success: true, data: null });
    const { queryClient, keys, invalidated } = setup();
    const { result } = renderQueryHook(() => useDeleteSpec('p1'), queryClient);
    await act(() => result.current.mutateAsync('p1.s1'));

    const [url, init] = sentRequest(fetchMock);
    expect(url).toBe('/api/pms/productRequirementSpecs/p1.s1');
    expect(init.method).toBe('DELETE');
    expect(invalidated(keys.spec)).toBe(false);
    for (const key of [keys.requirement, keys.list, keys.product, keys.plans])
      expect(invalidated(key)).toBe(true);
  });
});
