import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { AuthCard, LinkProblem } from '../components/AuthCard/AuthCard';
import { LinkAnchor } from '../components/Links/Links';
import { linkProblem, validateTokenSearch } from '../lib/link-token';
import { invitationLinkQueryOptions, signedInUserQueryOptions, useAcceptInvitation } from '../queries/email';

/**
 * The page of a mailed invitation: who invites whom where, then join (signed in), or sign up /
 * sign in first and come back here (`go_page`).
 */
export const Route = createFileRoute('/invite')({
  validateSearch: validateTokenSearch,
  component: InvitePage,
});

function InvitePage() {
  useDocumentTitle('Invitation · Workspace');
  const { token = '' } = Route.useSearch();
  const router = useRouter();
  const invitation = useQuery({ ...invitationLinkQueryOptions(token), enabled: token !== '' });
  const me = useQuery(signedInUserQueryOptions());
  const accept = useAcceptInvitation();
  const here = `/invite?token=${encodeURIComponent(token)}`;

  if (!token || invitation.isError) {
    return (
      <AuthCard title="Invitation">
        <LinkProblem token={token} error={invitation.error} testId="invite-problem" />
      </AuthCard>
    );
  }
  if (!invitation.data) {
    return (
      <AuthCard title="Invitation">
        <Loader size="sm" />
      </AuthCard>
    );
  }
  const { enterpriseName, email, roles, accountExists } = invitation.data;
  const join = () =>
    accept.mutate(token, {
      onSuccess: (joined) => router.history.push(`/${joined.enterpriseIdentifier}`),
    });

  return (
    <AuthCard title={`Join ${enterpriseName}`} subtitle={`Invitation for ${email} as ${roles.join(', ')}`}>
      <Stack gap="md">
        {accept.isError && (
          <Alert color="red" data-testid="invite-problem">
            {linkProblem(accept.error)}
          </Alert>
        )}
        {me.data ? (
          <Button onClick={join} loading={accept.isPending} fullWidth>
            Join {enterpriseName} as {me.data.user.login}
          </Button>
        ) : (
          <Text size="sm">
            {accountExists ? (
              <LinkAnchor to="/login" search={{ go_page: here }} fw={500}>
                Sign in to accept
              </LinkAnchor>
            ) : (
              <LinkAnchor to="/signup" search={{ go_page: here }} fw={500}>
                Create an account to accept
              </LinkAnchor>
            )}
          </Text>
        )}
      </Stack>
    </AuthCard>
  );
}
