/**
 * Invitations by email: an admin invites an address with chosen roles; the mail's link lets the
 * invitee sign up (or sign in) and join with those roles. An address that is already a member is
 * refused, as is a second pending invitation for one address (resend that one instead). The link
 * works once, for INVITATION_DAYS; a resend mails a new link and retires the old one.
 */
import { clock, nowIso } from '@core/clock';
import { ConditionFailedError } from '@core/db/operations';
import { badRequest, conflict, notFound } from '@core/errors';
import type { EnterpriseRecord } from '@core/identity/store/enterprises';
import { getEnterprise } from '@core/identity/store/enterprises';
import { getMembership } from '@core/identity/store/memberships';
import { listRoles, type RoleRecord } from '@core/identity/store/roles';
import { findUserByEmail, getUser } from '@core/identity/store/users';
import { roleRefView } from '@core/identity/views';
import { newId } from '@core/ids';
import { enqueueMail } from '@core/mail';
import { createLink, LINK_PROBLEMS, readLink, useLink } from '@core/mail/links';
import { hashToken } from '@core/security/tokens';
import { MEMBER_ROLE_KEY } from '@shared/permissions/catalogue';
import type {
  AcceptedInvitation,
  Invitation,
  InvitationPreview,
  InvitationStatus,
  InviteBody,
} from '@shared/schemas/email';
import { assertRolesExist, getRoleByKey } from './member-roles';
import { addMember } from './members';
import type { InvitationRecord } from './store/invitations';
import * as db from './store/invitations';

export const INVITATION_DAYS = 7;
const INVITATION_MS = INVITATION_DAYS * 24 * 3600_000;

function statusOf(record: InvitationRecord): InvitationStatus {
  if (record.status === 'pending' && record.linkExpiresAtMs <= clock.now()) return 'expired';
  return record.status;
}

function invitationView(record: InvitationRecord, roles: ReadonlyMap<string, RoleRecord>): Invitation {
  return {
    id: record.inviteId,
    email: record.email,
    roles: record.roleIds.flatMap((id) => (roles.has(id) ? [roleRefView(roles.get(id)!)] : [])),
    status: statusOf(record),
    invitedBy: record.invitedBy,
    createdAt: record.createdAt,
    expiresAt: new Date(record.linkExpiresAtMs).toISOString(),
    sentCount: record.sentCount,
  };
}

async function rolesOf(enterpriseId: string): Promise<Map<string, RoleRecord>> {
  return new Map((await listRoles(enterpriseId)).map((role) => [role.roleId, role]));
}

/** Mails the invitation's link (a new one each time) and answers its hash and expiry. */
async function mailLink(
  enterprise: EnterpriseRecord,
  record: Pick<InvitationRecord, 'inviteId' | 'email' | 'roleIds' | 'invitedBy'>,
  origin: string,
): Promise<{ linkHash: string; linkExpiresAtMs: number }> {
  const token = await createLink(
    'invitation',
    `${enterprise.id}/${record.inviteId}`,
    record.email,
    INVITATION_MS,
  );
  const [inviter, roles] = await Promise.all([getUser(record.invitedBy), rolesOf(enterprise.id)]);
  const linkExpiresAtMs = clock.now() + INVITATION_MS;
  await enqueueMail({
    to: record.email,
    template: 'invitation',
    data: {
      enterpriseName: enterprise.name,
      inviterName: inviter?.nickname ?? 'A colleague',
      roleNames: record.roleIds.map((id) => roles.get(id)?.roleName ?? id),
      link: `${origin}/invite?token=${token}`,
      expiresAt: new Date(linkExpiresAtMs).toISOString(),
    },
  });
  return { linkHash: hashToken(token), linkExpiresAtMs };
}

/** 409 when the address is a member, or has a pending invitation that still works. */
async function assertInvitable(enterprise: EnterpriseRecord, email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (user && (await getMembership(enterprise.id, user.userId))) {
    throw conflict(`${email} is already a member of ${enterprise.name}`);
  }
  const pending = (await db.listInvitations(enterprise.id)).find(
    (i) => i.email === email && statusOf(i) === 'pending',
  );
  if (pending) throw conflict(`${email} has already been invited; resend or revoke that invitation`);
}

export async function inviteByEmail(
  enterprise: EnterpriseRecord,
  invitedBy: string,
  body: InviteBody,
  origin: string,
): Promise<Invitation> {
  const roleIds = body.roleIds?.length
    ? [...new Set(body.roleIds)]
    : [(await getRoleByKey(enterprise.id, MEMBER_ROLE_KEY)).roleId];
  await assertRolesExist(enterprise.id, roleIds);
  await assertInvitable(enterprise, body.email);
  const base = { inviteId: newId(), email: body.email, roleIds, invitedBy };
  const link = await mailLink(enterprise, base, origin);
  const record: InvitationRecord = {
    ...base,
    ...link,
    enterpriseId: enterprise.id,
    createdAt: nowIso(),
    status: 'pending',
    sentCount: 1,
    acceptedBy: null,
  };
  await db.putInvitation(record);
  return invitationView(record, await rolesOf(enterprise.id));
}

/** Pending and expired invitations (accepted and revoked ones are done), newest first. */
export async function listOpenInvitations(enterprise: EnterpriseRecord): Promise<Invitation[]> {
  const [records, roles] = await Promise.all([db.listInvitations(enterprise.id), rolesOf(enterprise.id)]);
  return records
    .filter((r) => r.status === 'pending')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map((r) => invitationView(r, roles));
}

async function requireOpenInvitation(
  enterprise: EnterpriseRecord,
  inviteId: string,
): Promise<InvitationRecord> {
  const record = await db.getInvitation(enterprise.id, inviteId);
  if (!record) throw notFound(`Invitation ${inviteId} does not exist`);
  if (record.status !== 'pending') throw conflict(`Invitation ${inviteId} was already ${record.status}`);
  return record;
}

const closedMeanwhile = (inviteId: string) => (error: unknown) => {
  if (error instanceof ConditionFailedError) throw conflict(`Invitation ${inviteId} is no longer pending`);
  throw error;
};

/** Mails a new link (the earlier one stops working) and restarts the expiry. */
export async function resendInvitation(
  enterprise: EnterpriseRecord,
  inviteId: string,
  origin: string,
): Promise<Invitation> {
  const record = await requireOpenInvitation(enterprise, inviteId);
  const link = await mailLink(enterprise, record, origin);
  await db.replaceLink(record, link.linkHash, link.linkExpiresAtMs).catch(closedMeanwhile(inviteId));
  const updated = { ...record, ...link, sentCount: record.sentCount + 1 };
  return invitationView(updated, await rolesOf(enterprise.id));
}

export async function revokeInvitation(enterprise: EnterpriseRecord, inviteId: string): Promise<void> {
  const record = await requireOpenInvitation(enterprise, inviteId);
  await db.closeInvitation(record, 'revoked', null).catch(closedMeanwhile(inviteId));
}

/** The invitation behind a link that still works, with its enterprise; 400 saying why not. */
async function invitationOfLink(token: string) {
  const link = await readLink(token, 'invitation');
  const [enterpriseId = '', inviteId = ''] = link.subject.split('/');
  const [record, enterprise] = await Promise.all([
    db.getInvitation(enterpriseId, inviteId),
    getEnterprise(enterpriseId),
  ]);
  if (!record || !enterprise || record.linkHash !== hashToken(token)) {
    throw badRequest('token', LINK_PROBLEMS.invalid);
  }
  if (record.status === 'revoked') throw badRequest('token', 'This invitation was withdrawn');
  if (record.status === 'accepted') throw badRequest('token', LINK_PROBLEMS.used);
  return { record, enterprise };
}

export async function previewInvitation(token: string): Promise<InvitationPreview> {
  const { record, enterprise } = await invitationOfLink(token);
  const [roles, account] = await Promise.all([rolesOf(enterprise.id), findUserByEmail(record.email)]);
  return {
    enterpriseName: enterprise.name,
    enterpriseIdentifier: enterprise.identifier,
    email: record.email,
    roles: record.roleIds.map((id) => roles.get(id)?.roleName ?? id),
    accountExists: account !== null,
    expiresAt: new Date(record.linkExpiresAtMs).toISOString(),
  };
}

/**
 * The signed-in user joins with the invitation's roles (those that still exist; the member role
 * if none do). The link is the proof: whoever holds it may accept, as with any mailed invitation.
 */
export async function acceptInvitation(token: string, userId: string): Promise<AcceptedInvitation> {
  const { record, enterprise } = await invitationOfLink(token);
  if (await getMembership(enterprise.id, userId)) {
    throw conflict(`You are already a member of ${enterprise.name}`);
  }
  await useLink(token, 'invitation');
  const roles = await rolesOf(enterprise.id);
  const roleIds = record.roleIds.filter((id) => roles.has(id));
  await addMember(enterprise, userId, roleIds);
  await db.closeInvitation(record, 'accepted', userId).catch(() => undefined);
  return { enterpriseIdentifier: enterprise.identifier, enterpriseName: enterprise.name };
}
