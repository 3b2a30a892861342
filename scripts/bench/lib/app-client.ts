/**
 * A browser-like client on the in-process app (cookies, CSRF headers, JSON) and the little
 * statistics the benches print. The app is passed in: benches import it only after pointing the
 * configuration at their own stack.
 */

// biome-ignore lint/suspicious/noExplicitAny: the benches read a few fields of each answer
export type Body = any;

export interface FetchApp {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

export type Call = ((
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Body }>) & {
  /** The session's cookies as a Cookie header, to hand the session to another process. */
  cookieHeader(): string;
};

/**
 * A client with its own cookie jar; `cookies` (a Cookie header) starts it signed in. `origin` is
 * what a browser on the app's address would send with its writes (the CSRF check compares it).
 */
export function appClient(app: FetchApp, cookies = '', origin = 'http://localhost'): Call {
  const jar = new Map<string, string>();
  for (const pair of cookies.split(';')) {
    const [name = '', value = ''] = pair.split('=');
    if (name.trim() && value.trim()) jar.set(name.trim(), value.trim());
  }
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (method !== 'GET') Object.assign(headers, { 'X-Requested-With': 'XMLHttpRequest', Origin: origin });
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (jar.size > 0) headers.Cookie = cookieHeader();
    const res = await app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value) jar.set(name.trim(), value.trim());
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  return Object.assign(call, { cookieHeader });
}

/** The answer's data when the status is the expected one; throws with the answer otherwise. */
export async function must(call: Promise<{ status: number; body: Body }>, status: number): Promise<Body> {
  const res = await call;
  if (res.status !== status)
    throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** `call` answering the data of a successful answer, and throwing with the answer otherwise. */
export function dataOf(call: Call): (method: string, path: string, body?: unknown) => Promise<Body> {
  return async (method, path, body) => {
    const res = await call(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body?.data;
  };
}

/** An app on an address, for `appClient`: the benches that need a real socket (git, npm). */
export function appAt(base: string): FetchApp {
  return { request: (path, init) => fetch(`${base}${path}`, init) };
}

/** The median and 95th percentile of some timings. */
export function percentiles(samples: readonly number[]): { p50: number; p95: number } {
  return { p50: pct(samples, 50), p95: pct(samples, 95) };
}

/** The p-th percentile (nearest rank). */
export function pct(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Milliseconds a promise took. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** A markdown table with right-aligned columns after the first. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0)));
  const line = (row: readonly string[]) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(cells[0]!),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...cells.slice(1).map(line),
  ].join('\n');
}
