import { httpUrlOrNull } from '@shared/domain/http-url';
import type { UrlContext } from './url';

/**
 * The enterprise the app is working in, as the request url rules need it (spec section 3,
 * enterprise state: identifier and the enterprise detail's hosting address). The enterprise
 * layout route sets it after loading the enterprise; leaving the enterprise clears it.
 */
let current: UrlContext = {};

/**
 * The hosting address is followed (the sign-in redirect, `/ruby/api` calls), so it is kept only
 * when it is http(s): a `javascript:` one stored before the server refused them would run here.
 * Without one, those go to this origin.
 */
export function rememberEnterprise(identifier: string, hostingAddress: string): void {
  current = { identifier, hostingAddress: httpUrlOrNull(hostingAddress) };
}

export function forgetEnterprise(): void {
  current = {};
}

export function currentEnterprise(): UrlContext {
  return current;
}
