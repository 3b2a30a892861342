/** My notification preferences: each kind on or off in the inbox, and how email sends them. */
import type { Tenant } from '@core/identity/tenancy';
import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type Preferences,
  type PreferencesBody,
} from '@shared/schemas/notifications';
import * as db from './store';

function view(prefs: db.PreferencesRecord): Preferences {
  const inApp = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !prefs.off.includes(kind)]));
  return { inApp: inApp as Record<NotificationKind, boolean>, email: prefs.email };
}

export async function myPreferences(tenant: Tenant): Promise<Preferences> {
  return view(await db.getPreferences(tenant.enterprise.id, tenant.principal.userId));
}

export async function savePreferences(tenant: Tenant, body: PreferencesBody): Promise<Preferences> {
  const { enterprise, principal } = tenant;
  const current = await db.getPreferences(enterprise.id, principal.userId);
  const off = new Set(current.off);
  for (const [kind, on] of Object.entries(body.inApp ?? {}) as [NotificationKind, boolean][]) {
    if (on) off.delete(kind);
    else off.add(kind);
  }
  const next = {
    off: NOTIFICATION_KINDS.filter((kind) => off.has(kind)),
    email: body.email ?? current.email,
  };
  await db.putPreferences(enterprise.id, principal.userId, next);
  return view(next);
}
