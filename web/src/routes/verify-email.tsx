import { Alert, Loader, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AuthCard } from '../components/AuthCard/AuthCard';
import { LinkAnchor } from '../components/Links/Links';
import { linkProblem, validateTokenSearch } from '../lib/link-token';
import { useVerifyEmail } from '../queries/email';

/** The page of a mailed verification link: confirms the address as it opens. */
export const Route = createFileRoute('/verify-email')({
  validateSearch: validateTokenSearch,
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  useDocumentTitle('Confirm your address · Workspace');
  const { token } = Route.useSearch();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  return (
    <AuthCard title="Confirm your address">
      {verify.isSuccess && (
        <Alert color="green" data-testid="verify-done">
          {verify.data.email} is confirmed.
        </Alert>
      )}
      {(verify.isError || !token) && (
        <Alert color="red" data-testid="verify-problem">
          {token ? linkProblem(verify.error) : 'This link is not valid; ask for a new one'}
        </Alert>
      )}
      {verify.isPending && <Loader size="sm" />}
      <Text size="sm" c="dimmed" ta="center" mt="lg">
        <LinkAnchor to="/">Go to the workspace</LinkAnchor>
      </Text>
    </AuthCard>
  );
}
