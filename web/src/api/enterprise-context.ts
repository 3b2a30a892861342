import type { UrlContext } from './url';

/**
 * The enterprise the app is working in, as the request url rules need it (spec section 3,
 * enterprise state: identifier and the enterprise detail's hosting address). The enterprise
 * layout route sets it after loading the enterprise; leaving the enterprise clears it.
 */
let current: UrlContext = {};

export function rememberEnterprise(identifier: string, hostingAddress: string): void {
  current = { identifier, hostingAddress };
}

export function forgetEnterprise(): void {
  current = {};
}

export function currentEnterprise(): UrlContext {
  return current;
}
