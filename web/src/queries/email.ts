/** Email flows (docs/email.md): password reset, address verification, invitations by email. */
import type { CurrentUser } from '@shared/schemas/auth';
import type {
  AcceptedInvitation,
  EmailStatus,
  ForgotPasswordBody,
  Invitation,
  InvitationPreview,
  InviteBody,
  ResetPasswordBody,
} from '@shared/schemas/email';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { getQuery, useWrite } from './factory';

export const emailKeys = {
  status: () => ['auth', 'email'] as const,
  invitations: (identifier: string) => ['enterprise', identifier, 'invitations'] as const,
  invitationLink: (token: string) => ['invitation-link', token] as const,
};

const invitationsPath = (identifier: string) =>
  `/api/pms/pmsEnterprise/${encodeURIComponent(identifier)}/invitations`;

/** The page presents link failures itself (used, expired, withdrawn), not as a toast. */
const QUIET = { skipErrorHandler: true };

export const emailStatusQueryOptions = () => getQuery<EmailStatus>(emailKeys.status(), '/api/auth/email');

export const invitationsQueryOptions = (identifier: string) =>
  getQuery<Invitation[]>(emailKeys.invitations(identifier), invitationsPath(identifier));

export const invitationLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: emailKeys.invitationLink(token),
    queryFn: () => api.post<InvitationPreview>('/api/pms/pmsEnterprise/invitations/lookup', { token }, QUIET),
    retry: false,
  });

/** The signed-in user, or an error when signed out, without the sign-in redirect (the invitation page). */
export const signedInUserQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me', 'if-signed-in'] as const,
    queryFn: () => api.get<CurrentUser>('/api/auth/me', undefined, QUIET),
    retry: false,
  });

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      api.post<{ message: string }>('/api/auth/password/forgot', body),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api.post<null>('/api/auth/password/reset', body, QUIET),
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) => api.post<EmailStatus>('/api/auth/email/verify', { token }, QUIET),
  });
}

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<null>('/api/auth/email/verification', {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.status() }),
  });
}

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<AcceptedInvitation>('/api/pms/pmsEnterprise/invitations/accept', { token }, QUIET),
  });
}

/** An invitation write refreshes the enterprise's list of invitations. */
const refreshInvitations = (identifier: string) => ({
  refresh: (queryClient: QueryClient) =>
    queryClient.invalidateQueries({ queryKey: emailKeys.invitations(identifier) }),
});

export function useInvite(identifier: string) {
  return useWrite(
    (body: InviteBody) => api.post<Invitation>(invitationsPath(identifier), body),
    refreshInvitations(identifier),
  );
}

export function useResendInvitation(identifier: string) {
  return useWrite(
    (inviteId: string) =>
      api.post<Invitation>(`${invitationsPath(identifier)}/${encodeURIComponent(inviteId)}/resend`),
    refreshInvitations(identifier),
  );
}

export function useRevokeInvitation(identifier: string) {
  return useWrite(
    (inviteId: string) => api.delete<null>(`${invitationsPath(identifier)}/${encodeURIComponent(inviteId)}`),
    refreshInvitations(identifier),
  );
}
