/**
 * Invitations by email (`INVITE#{inviteId}` in the enterprise partition). The mailed link is a
 * core/mail link; the invitation holds the hash of the latest one, so a resend retires the
 * earlier mail's link. Kept after acceptance or revocation (their status says so) until the
 * table's TTL takes them, 30 days after the link expired.
 */
import { enterprisePartition, keys, SK } from '@core/db/keys';
import { getItem, type Item, putItem, queryPartition, updateItem } from '@core/db/operations';

export type StoredInvitationStatus = 'pending' | 'accepted' | 'revoked';

export interface InvitationRecord {
  enterpriseId: string;
  inviteId: string;
  email: string;
  roleIds: string[];
  invitedBy: string;
  createdAt: string;
  status: StoredInvitationStatus;
  /** The SHA-256 of the token of the latest mail: only that link works. */
  linkHash: string;
  /** Epoch milliseconds: when the latest link stops working. */
  linkExpiresAtMs: number;
  sentCount: number;
  acceptedBy: string | null;
}

const KEPT_AFTER_EXPIRY_SECONDS = 30 * 24 * 3600;

function fromItem(item: Item): InvitationRecord {
  return {
    enterpriseId: item.enterpriseId,
    inviteId: item.inviteId,
    email: item.email,
    roleIds: item.roleIds ?? [],
    invitedBy: item.invitedBy,
    createdAt: item.createdAt,
    status: item.status,
    linkHash: item.linkHash,
    linkExpiresAtMs: item.linkExpiresAtMs,
    sentCount: item.sentCount ?? 1,
    acceptedBy: item.acceptedBy ?? null,
  };
}

const ttlOf = (linkExpiresAtMs: number) => Math.ceil(linkExpiresAtMs / 1000) + KEPT_AFTER_EXPIRY_SECONDS;

export async function putInvitation(record: InvitationRecord): Promise<void> {
  await putItem({
    ...keys.invitation(record.enterpriseId, record.inviteId),
    entity: 'Invitation',
    ...record,
    expiresAt: ttlOf(record.linkExpiresAtMs),
  });
}

export async function getInvitation(
  enterpriseId: string,
  inviteId: string,
): Promise<InvitationRecord | null> {
  const item = await getItem(keys.invitation(enterpriseId, inviteId));
  return item ? fromItem(item) : null;
}

// Access pattern: the enterprise's invitations (enterprise partition, INVITE# prefix).
export async function listInvitations(enterpriseId: string): Promise<InvitationRecord[]> {
  const items = await queryPartition(enterprisePartition(enterpriseId), SK.invitationPrefix);
  return items.map(fromItem);
}

/** A new link for a pending invitation (resend); fails with label `pending` once it is not. */
export async function replaceLink(
  record: InvitationRecord,
  linkHash: string,
  linkExpiresAtMs: number,
): Promise<void> {
  await updateItem(
    keys.invitation(record.enterpriseId, record.inviteId),
    { set: { linkHash, linkExpiresAtMs, expiresAt: ttlOf(linkExpiresAtMs) }, add: { sentCount: 1 } },
    { expression: '#status = :pending', names: { '#status': 'status' }, values: { ':pending': 'pending' } },
    'pending',
  );
}

/** Ends a pending invitation (accepted or revoked); fails with label `pending` once it is not. */
export async function closeInvitation(
  record: InvitationRecord,
  status: 'accepted' | 'revoked',
  acceptedBy: string | null,
): Promise<void> {
  await updateItem(
    keys.invitation(record.enterpriseId, record.inviteId),
    { set: { status, acceptedBy } },
    { expression: '#status = :pending', names: { '#status': 'status' }, values: { ':pending': 'pending' } },
    'pending',
  );
}
