import { vi } from 'vitest';

/**
 * Answers every fetch with `body` (a JSON 200), for a hook test that checks what a call sends and
 * what it does with the answer. `vi.unstubAllGlobals()` in `afterEach` puts fetch back.
 */
export function stubFetch(body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The address and options of one call (the first unless told) of a fetch `stubFetch` made. */
export function sentRequest(fetchMock: ReturnType<typeof stubFetch>, index = 0): [string, RequestInit] {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error(`fetch was called ${fetchMock.mock.calls.length} times`);
  return [call[0], call[1] ?? {}];
}
