import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sentRequest, stubFetch } from '../test/fetch';
import { createTestQueryClient, renderQueryHook } from '../test/render';
import { useAddMember, useAssignRoles } from './members';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('member mutations', () => {
  it('add member posts to pmsEnterprise/{identifier}/user/{gitlinkUserId} and invalidates by prefix', async () => {
    const fetchMock = stubFetch({ success: true, data: {} });
    const queryClient = createTestQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderQueryHook(() => useAddMember('acme'), queryClient);
    await act(() => result.current.mutateAsync('u-bob'));
    const [url, init] = sentRequest(fetchMock);
    expect(url).toBe('/api/pms/pmsEnterprise/acme/user/u-bob');
    expect(init.method).toBe('POST');
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(3));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['members'],
      ['roles'],
      ['enterprise'],
    ]);
  });

  it('changing roles sends PUT dept/{deptId}/users/{userId} with roleIds', async () => {
    const fetchMock = stubFetch({ success: true, data: {} });
    const { result } = renderQueryHook(() => useAssignRoles('d1'));
    await act(() => result.current.mutateAsync({ userId: 'u-bob', roleIds: ['r1', 'r2'] }));
    const [url, init] = sentRequest(fetchMock);
    expect(url).toBe('/api/system/dept/d1/users/u-bob');
    expect(init).toMatchObject({ method: 'PUT', body: '{"roleIds":["r1","r2"]}' });
  });
});
