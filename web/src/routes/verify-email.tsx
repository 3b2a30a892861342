import { Alert, Loader } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AuthCard, LinkProblem, WorkspaceLink } from '../components/AuthCard/AuthCard';
import { validateTokenSearch } from '../lib/link-token';
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
        <LinkProblem token={token} error={verify.error} testId="verify-problem" />
      )}
      {verify.isPending && <Loader size="sm" />}
      <WorkspaceLink />
    </AuthCard>
  );
}
