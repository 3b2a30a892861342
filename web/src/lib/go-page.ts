/**
 * Where to go after signing in. `go_page` is honoured only when it stays on this origin: a relative
 * path ("/acme/members", not "//evil.example") or an absolute address of this very origin (the
 * client's 401 rule sends the full current address). Anything else goes to the enterprise switcher.
 */
export const AFTER_SIGN_IN_DEFAULT = '/enterprises';

export function safeGoPage(goPage: unknown, origin: string): string {
  if (typeof goPage !== 'string' || goPage === '') return AFTER_SIGN_IN_DEFAULT;
  let target: URL;
  try {
    target = new URL(goPage, origin);
  } catch {
    return AFTER_SIGN_IN_DEFAULT;
  }
  const relative = goPage.startsWith('/') && !goPage.startsWith('//') && !goPage.startsWith('/\\');
  const sameOrigin = target.origin === origin && (relative || /^https?:\/\//i.test(goPage));
  if (!sameOrigin) return AFTER_SIGN_IN_DEFAULT;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // Signing in again must not lead back to the sign-in or sign-up page.
  if (/^\/(login|signup)(\/|\?|#|$)/.test(path)) return AFTER_SIGN_IN_DEFAULT;
  return path;
}
