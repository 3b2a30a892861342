import { SHOW_TYPE } from '@shared/constants/api';
import { isHttpUrl } from '@shared/domain/http-url';
/**
 * The one HTTP client of the web app: spec section 7 (common request settings) and section 8
 * (error catalogue). Everything with a side effect (fetch, messages, navigation, leaving the app
 * for the sign-in page) is a dependency, so each rule can be tested on its own.
 */
import { currentEnterprise } from './enterprise-context';
import { BusinessError, type ErrorPage, HttpError, NetworkError } from './errors';
import { browserFeedback, type Feedback } from './feedback';
import { type QueryParams, rewriteUrl, type UrlContext, withQuery } from './url';

/** Spec section 9: request time-out. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The default text meaning "operation failed" (section 8), shown when a failure has no message. */
export const DEFAULT_ERROR_TEXT = 'Operation failed';
/** Section 8 network errors: exactly one of these is shown. */
export const NETWORK_ERROR_TEXT = {
  response: (status: number) => `Response status: ${status}`,
  none: 'None response! Please retry.',
  request: 'Request error, please retry.',
} as const;
/** Section 7: the call whose data is the sign-in page address. */
export const LOGIN_URL_ENDPOINT = '/api/pms/open/loginUrl';
/** The two wiki urls that take their failures without the section-8 handling. */
const UNHANDLED_URLS = ['wikiPages', 'deleteWiki'];
/** "The enterprise does not exist", however a call reports it, sends to /404 like a 404 does. */
const MISSING_ENTERPRISE = /enterprise does not exist|企业不存在/i;

/** Section 8 show types, from the zod-free shared constants (keeps zod out of the first script). */
export { SHOW_TYPE };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClientDependencies {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  feedback: Feedback;
  /** In-app navigation to an error page. */
  navigate: (path: ErrorPage) => void;
  /** Leaves the app for another address (the sign-in page). */
  redirect: (address: string) => void;
  /** The address the user is on, for `go_page`. */
  currentAddress: () => string;
  /**
   * True on the local development host, where a 401 is not redirected (section 8). We define the
   * local development host as Vite's dev server (`import.meta.env.DEV`): there the API is a proxy
   * target and bouncing to the sign-in page on every 401 would get in the way of development.
   */
  isLocalDevHost: () => boolean;
  /** The enterprise the url rules apply (identifier, hosting address). */
  enterprise: () => UrlContext;
  timeoutMs?: number;
  /** Hands a downloaded file to the user; the browser's "save as" by default (saveBlob). */
  saveFile?: (blob: Blob, filename: string) => void;
}

export interface RequestOptions {
  method?: HttpMethod;
  params?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  /** The caller's cancellation (TanStack Query passes one); a cancelled request fails silently. */
  signal?: AbortSignal;
  /** Fail without any section-8 side effect: the caller presents the failure itself. */
  skipErrorHandler?: boolean;
}

/** What `download` fetches: a GET with `params`, or a POST of `body` (JSON) when there is one. */
export interface DownloadOptions {
  params?: QueryParams;
  body?: unknown;
  /** The name to save under when the answer has no Content-Disposition filename. */
  filename?: string;
  signal?: AbortSignal;
  skipErrorHandler?: boolean;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** `{ success: true, data }` gives `data`; bodies without the envelope (setting.json) are returned whole. */
function unwrap(value: unknown): unknown {
  return isObject(value) && value.success === true && 'data' in value ? value.data : value;
}

function withParam(address: string, key: string, value: string): string {
  return `${address}${address.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`;
}

/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*` (UTF-8, percent-encoded)
 * when present, else the plain `filename`; null when there is none.
 */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name === '' ? null : name;
}

/** The browser's "save as": an object URL clicked through a temporary `<a download>`. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** The last path segment of a url, as a name to save under when the server gives none. */
function lastSegment(url: string): string {
  return url.split('?')[0]?.split('/').filter(Boolean).at(-1) ?? 'download';
}

export function createApiClient(deps: ApiClientDependencies) {
  const timeoutMs = deps.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let signingIn: Promise<void> | null = null;

  function report<E extends Error>(error: E, skip: boolean): E {
    if (!skip) deps.feedback.error(error.message);
    return error;
  }

  /** An error message, with the server's request id when it named one (support finds the log line). */
  function showError(message: string, requestId: string | undefined): void {
    if (requestId) deps.feedback.error(message, requestId);
    else deps.feedback.error(message);
  }

  /**
   * Section 8, 401: the sign-in page from the server, else the hosting address's `/login`. Done once:
   * the page is leaving, and 401s of other calls still in flight must not send it anywhere else.
   */
  function redirectToSignIn(): Promise<void> {
    signingIn ??= (async () => {
      const back = deps.currentAddress();
      try {
        const address = await request<unknown>(LOGIN_URL_ENDPOINT, { skipErrorHandler: true });
        // Only an http(s) address is followed: a `javascript:` answer would run in this page.
        if (!isHttpUrl(address)) throw new Error('no sign-in address');
        deps.redirect(withParam(address, 'go_page', back));
      } catch {
        const host = (deps.enterprise().hostingAddress ?? '').replace(/\/+$/, '');
        deps.redirect(withParam(`${host}/login`, 'go_page', back));
      }
    })();
    return signingIn;
  }

  function goTo(error: HttpError | BusinessError, page: ErrorPage): void {
    error.navigatedTo = page;
    deps.navigate(page);
  }

  async function httpFailure(
    status: number,
    body: Json | null,
    skip: boolean,
    requestId?: string,
  ): Promise<HttpError> {
    const message = typeof body?.errorMessage === 'string' ? body.errorMessage : '';
    if (skip) return new HttpError(status, body, false, requestId);
    if (status === 401 && !deps.isLocalDevHost()) {
      await redirectToSignIn();
      return new HttpError(status, body, true, requestId);
    }
    const error = new HttpError(status, body, false, requestId);
    if (status === 404 || MISSING_ENTERPRISE.test(message)) {
      if (message) showError(message, requestId);
      goTo(error, '/404');
    } else if (status === 403) {
      if (message) showError(message, requestId);
      goTo(error, '/403');
    } else {
      showError(message || DEFAULT_ERROR_TEXT, requestId);
    }
    return error;
  }

  function businessFailure(body: Json, skip: boolean, requestId?: string): BusinessError {
    const error = new BusinessError(
      {
        errorCode: typeof body.errorCode === 'string' ? body.errorCode : String(body.errorCode ?? ''),
        errorMessage: typeof body.errorMessage === 'string' ? body.errorMessage : '',
        showType: typeof body.showType === 'number' ? body.showType : Number.NaN,
        data: body.data,
      },
      requestId,
    );
    if (skip) return error;
    const message = error.errorMessage || DEFAULT_ERROR_TEXT;
    if (MISSING_ENTERPRISE.test(error.errorMessage)) {
      showError(message, requestId);
      goTo(error, '/404');
      return error;
    }
    switch (error.showType) {
      case SHOW_TYPE.silent:
      case SHOW_TYPE.redirect:
        break;
      case SHOW_TYPE.warning:
        deps.feedback.warning(message);
        break;
      case SHOW_TYPE.notification:
        deps.feedback.notification(error.errorCode, message);
        break;
      default:
        showError(message, requestId);
    }
    return error;
  }

  async function request<T>(url: string, options: RequestOptions = {}): Promise<T> {
    const skip = options.skipErrorHandler === true || UNHANDLED_URLS.some((part) => url.includes(part));
    const callerSignal = options.signal;

    let target: string;
    let init: RequestInit;
    try {
      target = withQuery(rewriteUrl(url, deps.enterprise()), options.params);
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      };
      const method = options.method ?? 'GET';
      let body: string | undefined;
      // URLSearchParams go form-encoded (the pipeline catalogue's writes, spec section 7).
      const form = options.body instanceof URLSearchParams;
      if (options.body !== undefined) body = form ? String(options.body) : JSON.stringify(options.body);
      // Bodies are JSON. A state-changing call says so even without a body: browsers send no
      // Content-Length on a bodiless DELETE, and the server cannot then tell it has no body.
      if (body !== undefined || method !== 'GET')
        headers['Content-Type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
      init = { method, headers, body, credentials: 'include' };
    } catch (cause) {
      throw report(new NetworkError('request', NETWORK_ERROR_TEXT.request, { cause }), skip);
    }

    const { response, content: text } = await transfer(target, init, callerSignal, skip, (answer) =>
      answer.text(),
    );
    return settle<T>(response, text, skip);
  }

  /**
   * Sends a prepared request under the client's time-out and the caller's cancellation (every
   * call, JSON or file, goes through here), and reads the answer with `read`. Failures to get or read an answer are section 8's network errors.
   */
  async function transfer<R>(
    target: string,
    init: RequestInit,
    callerSignal: AbortSignal | undefined,
    skip: boolean,
    read: (response: Response) => Promise<R>,
  ): Promise<{ response: Response; content: R }> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('Request timed out', 'TimeoutError')),
      timeoutMs,
    );
    const cancel = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) cancel();
    callerSignal?.addEventListener('abort', cancel, { once: true });
    try {
      let response: Response;
      try {
        response = await deps.fetch(target, { ...init, signal: controller.signal });
      } catch (cause) {
        if (callerSignal?.aborted) throw cause;
        throw report(new NetworkError('none', NETWORK_ERROR_TEXT.none, { cause }), skip);
      }
      try {
        return { response, content: await read(response) };
      } catch (cause) {
        if (callerSignal?.aborted) throw cause;
        const status = response.status;
        throw report(
          new NetworkError('response', NETWORK_ERROR_TEXT.response(status), { status, cause }),
          skip,
        );
      }
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', cancel);
    }
  }

  /** The section-8 reading of a JSON answer (status, failure flag, envelope) of every call. */
  async function settle<T>(response: Response, text: string, skip: boolean): Promise<T> {
    const { status } = response;
    const requestId = response.headers?.get('X-Request-Id') ?? undefined;
    const parsed = parseBody(text);
    if (status !== 200 && status !== 201) {
      const body = parsed.ok && isObject(parsed.value) ? parsed.value : null;
      throw await httpFailure(status, body, skip, requestId);
    }
    if (!parsed.ok) {
      throw report(new NetworkError('response', NETWORK_ERROR_TEXT.response(status), { status }), skip);
    }
    if (isObject(parsed.value) && parsed.value.success === false)
      throw businessFailure(parsed.value, skip, requestId);
    return unwrap(parsed.value) as T;
  }

  /** The headers every call sends (section 7); `json` adds the JSON body type. */
  function baseHeaders(json: boolean): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    };
    if (json) headers['Content-Type'] = 'application/json';
    return headers;
  }

  function prepare(url: string, params: QueryParams | undefined, skip: boolean): string {
    try {
      return withQuery(rewriteUrl(url, deps.enterprise()), params);
    } catch (cause) {
      throw report(new NetworkError('request', NETWORK_ERROR_TEXT.request, { cause }), skip);
    }
  }

  /**
   * Fetches a file (a GET with `params`, or a POST of `body`) and saves it under the name the
   * server gives in Content-Disposition. An answer in JSON is not a file: it is the API's error
   * envelope (or an unexpected success) and goes through the section-8 handling like any call.
   * Resolves with the name the file was saved under.
   */
  async function download(url: string, options: DownloadOptions = {}): Promise<string> {
    const skip = options.skipErrorHandler === true;
    const target = prepare(url, options.params, skip);
    let body: string | undefined;
    try {
      if (options.body !== undefined) body = JSON.stringify(options.body);
    } catch (cause) {
      throw report(new NetworkError('request', NETWORK_ERROR_TEXT.request, { cause }), skip);
    }
    const method = body === undefined ? 'GET' : 'POST';
    const headers = { ...baseHeaders(method !== 'GET'), Accept: '*/*' };
    const { response, content } = await transfer(
      target,
      { method, headers, body, credentials: 'include' },
      options.signal,
      skip,
      async (answer) => {
        const type = answer.headers.get('content-type') ?? '';
        const isJson = /json/i.test(type) || answer.status < 200 || answer.status >= 300;
        return isJson
          ? { kind: 'json' as const, text: await answer.text() }
          : { kind: 'file' as const, blob: await answer.blob() };
      },
    );
    if (content.kind === 'json') {
      const data = await settle<unknown>(response, content.text, skip);
      // A success envelope where a file was expected: nothing to save, so it is a failure too.
      throw report(
        new NetworkError('response', NETWORK_ERROR_TEXT.response(response.status), {
          status: response.status,
          cause: data,
        }),
        skip,
      );
    }
    const filename =
      dispositionFilename(response.headers.get('content-disposition')) ??
      options.filename ??
      lastSegment(url);
    (deps.saveFile ?? saveBlob)(content.blob, filename);
    return filename;
  }

  /**
   * Posts a multipart form (files) with the headers of every call; the browser writes the
   * multipart Content-Type with its boundary. The answer is read like any JSON call.
   */
  async function upload<T>(
    url: string,
    form: FormData,
    options: Omit<RequestOptions, 'method' | 'body' | 'params'> = {},
  ): Promise<T> {
    const skip = options.skipErrorHandler === true;
    const target = prepare(url, undefined, skip);
    const { response, content } = await transfer(
      target,
      { method: 'POST', headers: baseHeaders(false), body: form, credentials: 'include' },
      options.signal,
      skip,
      (answer) => answer.text(),
    );
    return settle<T>(response, content, skip);
  }

  type Options = Omit<RequestOptions, 'method' | 'body' | 'params'>;
  return {
    download,
    upload,
    request,
    get: <T>(url: string, params?: QueryParams, options?: Options) => request<T>(url, { ...options, params }),
    post: <T>(url: string, body?: unknown, options?: Options) =>
      request<T>(url, { ...options, method: 'POST', body }),
    put: <T>(url: string, body?: unknown, options?: Options) =>
      request<T>(url, { ...options, method: 'PUT', body }),
    delete: <T>(url: string, params?: QueryParams, options?: Options) =>
      request<T>(url, { ...options, method: 'DELETE', params }),
    /** The address a url is sent to (section 7 rules), for links such as downloads. */
    resolveUrl: (url: string, params?: QueryParams) => withQuery(rewriteUrl(url, deps.enterprise()), params),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

let navigateInApp: ((path: ErrorPage) => void) | null = null;

/** The router registers its navigation here once it exists (main.tsx). */
export function setClientNavigator(navigate: (path: ErrorPage) => void): void {
  navigateInApp = navigate;
}

/** The app's client: real fetch, Mantine notifications, the router, the remembered enterprise. */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  feedback: browserFeedback,
  navigate: (path) => (navigateInApp ? navigateInApp(path) : window.location.assign(path)),
  redirect: (address) => window.location.assign(address),
  currentAddress: () => window.location.href,
  isLocalDevHost: () => import.meta.env.DEV,
  enterprise: currentEnterprise,
});
