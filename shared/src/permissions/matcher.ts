import { WILDCARD_PERMISSION } from './catalogue';

/** What the permission checks need to know about the signed-in user (spec section 6). */
export interface Principal {
  userId: string;
  permissions: readonly string[];
  roles: readonly { roleKey: string }[];
}

export type Requirement = string | readonly string[];

/** Where the matcher sends its hints; replaceable so tests can observe them. */
export const permissionLog = {
  hint: (message: string) => console.warn(message),
};

function asList(required: Requirement | null | undefined): string[] {
  if (required == null) return [];
  return (typeof required === 'string' ? [required] : [...required]).filter((p) => p.trim() !== '');
}

/**
 * Passes if the principal holds the wildcard or any of the required permissions, or if its user id
 * equals `ownerId`. An empty requirement fails and logs a hint: it is always a programming mistake.
 */
export function hasPermission(
  principal: Principal | null | undefined,
  required: Requirement | null | undefined,
  ownerId?: string | null,
): boolean {
  if (!principal) return false;
  if (ownerId != null && ownerId !== '' && principal.userId === ownerId) return true;
  const wanted = asList(required);
  if (wanted.length === 0) {
    permissionLog.hint('hasPermission: no permission was named; pass e.g. "project:issue:edit"');
    return false;
  }
  const held = principal.permissions;
  if (held.includes(WILDCARD_PERMISSION)) return true;
  return wanted.some((perm) => held.includes(perm));
}

/** Passes if any of the principal's roles has a roleKey in `roleKeys`. Empty fails with a hint. */
export function hasRole(
  principal: Principal | null | undefined,
  roleKeys: Requirement | null | undefined,
): boolean {
  if (!principal) return false;
  const wanted = asList(roleKeys);
  if (wanted.length === 0) {
    permissionLog.hint('hasRole: no role key was named; pass e.g. "admin"');
    return false;
  }
  return principal.roles.some((role) => wanted.includes(role.roleKey));
}
