/**
 * A minimal signed-in HTTP client for scripts and browser-test set-up: keeps the session cookie and
 * sends the headers the API's CSRF rules ask for. Throws on any error response, with its message.
 */
export class ApiSession {
  private cookie = '';

  constructor(readonly baseUrl: string) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const json = body !== undefined && !(body instanceof FormData);
    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Origin: this.baseUrl };
    if (this.cookie) headers.Cookie = this.cookie;
    // FormData sets its own multipart Content-Type with the boundary.
    if (json) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0] ?? '';
    const payload = (await response.json().catch(() => ({}))) as { data?: T; errorMessage?: string };
    if (!response.ok) {
      throw new ApiRequestError(
        response.status,
        `${method} ${path}: ${response.status} ${payload.errorMessage ?? ''}`,
      );
    }
    return payload.data as T;
  }

  get<T>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body ?? {});
  }
  put<T>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body ?? {});
  }
  /** A multipart POST (file uploads). */
  upload<T>(path: string, form: FormData) {
    return this.request<T>('POST', path, form);
  }
  delete<T>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
