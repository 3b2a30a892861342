/**
 * Short-lived per-process copies of the items every request reads: the session, the enterprise,
 * the caller's membership and roles, and an identifier's enterprise id. Without them each request
 * costs four or five strongly consistent reads of the same few items of an enterprise, a hot-key
 * ceiling in the cloud (docs/architecture.md, "One item in a few reads").
 *
 * The rule that keeps this safe: a copy lives at most IDENTITY_TTL_MS, and a write made by this
 * process drops the copies it touched at once (core/db/written.ts). So a session ended, a member
 * removed or a role changed through another instance stops working here within IDENTITY_TTL_MS;
 * through this instance, at once.
 */

import type { UserSummary } from '@shared/schemas/projects';
import { clock } from '../clock';
import { type Key, SK } from '../db/keys';
import { onWritten } from '../db/written';
import type { SessionRecord } from './store/sessions';
import type { Tenant } from './tenancy';

export const IDENTITY_TTL_MS = 5_000;
/** A copy is small (a few hundred bytes); this bounds a busy instance to a few megabytes. */
const MAX_COPIES = 10_000;

interface Copy<V> {
  value: V;
  until: number;
}

/** Copies under string keys, each kept IDENTITY_TTL_MS; the oldest go first past MAX_COPIES. */
class ShortCache<V> {
  private readonly copies = new Map<string, Copy<V>>();

  async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const now = clock.now();
    const copy = this.copies.get(key);
    if (copy && copy.until > now) return copy.value;
    this.copies.delete(key);
    const value = await load();
    // Absences are not kept: what does not exist yet may be made by another instance any moment.
    if (value !== null) this.keep(key, value, now);
    return value;
  }

  /** The copy when it is still fresh, without loading anything. */
  peek(key: string): V | null {
    const copy = this.copies.get(key);
    return copy && copy.until > clock.now() ? copy.value : null;
  }

  keep(key: string, value: V, now = clock.now()): void {
    if (this.copies.size >= MAX_COPIES) {
      const oldest = this.copies.keys().next().value;
      if (oldest !== undefined) this.copies.delete(oldest);
    }
    this.copies.set(key, { value, until: now + IDENTITY_TTL_MS });
  }

  drop(key: string): void {
    this.copies.delete(key);
  }

  dropWhere(test: (key: string) => boolean): void {
    for (const key of this.copies.keys()) if (test(key)) this.copies.delete(key);
  }

  clear(): void {
    this.copies.clear();
  }
}

/** Sessions by token hash. */
export const sessionCopies = new ShortCache<SessionRecord>();
/** Tenants by `{enterpriseId}/{userId}`. */
export const tenantCopies = new ShortCache<Tenant>();
/** Enterprise ids by identifier. */
export const identifierCopies = new ShortCache<string>();

/** People's public fields by user id (the answer of a write names its author without a read). */
export const profileCopies = new ShortCache<UserSummary>();

export const tenantCopyKey = (enterpriseId: string, userId: string) => `${enterpriseId}/${userId}`;

const ENTERPRISE_ITEM = new RegExp(`^(${SK.enterprise}|${SK.memberPrefix}|${SK.rolePrefix})`);

function dropTouched(key: Key): void {
  if (key.pk.startsWith('SESSION#')) sessionCopies.drop(key.pk.slice('SESSION#'.length));
  else if (key.pk.startsWith('USER#') && key.sk === SK.profile)
    profileCopies.drop(key.pk.slice('USER#'.length));
  else if (key.pk.startsWith('ENTIDENT#')) identifierCopies.drop(key.pk.slice('ENTIDENT#'.length));
  else if (ENTERPRISE_ITEM.test(key.sk)) {
    // The enterprise, a membership or a role changed: every member's copy of that enterprise goes.
    const enterpriseId = key.pk.split('#')[1];
    tenantCopies.dropWhere((copyKey) => copyKey.startsWith(`${enterpriseId}/`));
  }
}

onWritten(dropTouched);

/** Forgets every copy (tests that change items behind the app's back). */
export function forgetIdentityCopies(): void {
  sessionCopies.clear();
  tenantCopies.clear();
  identifierCopies.clear();
  profileCopies.clear();
}
