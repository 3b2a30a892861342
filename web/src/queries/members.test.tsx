import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../test/render';
import { useAddMember, useAssignRoles } from './members';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('member mutations', () => {
  it('add member posts to pmsEnterprise/{identifier}/user/{gitlinkUserId} and invalidates by prefix', async () => {
    const fetchMock = stubFetch({ success: true, data: {} });
    const queryClient = createTestQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useAddMember('acme'), { wrapper });
    await act(() => result.current.mutateAsync('u-bob'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
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
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useAssignRoles('d1'), { wrapper });
    await act(() => result.current.mutateAsync({ userId: 'u-bob', roleIds: ['r1', 'r2'] }));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/system/dept/d1/users/u-bob');
    expect(init).toMatchObject({ method: 'PUT', body: '{"roleIds":["r1","r2"]}' });
  });
});
