import { Alert, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { PasswordSchema } from '@shared/schemas/auth';
import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { AuthCard, LinkProblem } from '../components/AuthCard/AuthCard';
import { LinkAnchor } from '../components/Links/Links';
import { NewPasswordInput } from '../components/PasswordInputs/PasswordInputs';
import { validateTokenSearch } from '../lib/link-token';
import { zodResolver } from '../lib/zod-resolver';
import { useResetPassword } from '../queries/email';

/** The page of a mailed reset link: choose a new password (the link works once, for an hour). */
export const Route = createFileRoute('/reset-password')({
  validateSearch: validateTokenSearch,
  component: ResetPasswordPage,
});

const FormSchema = z.object({ password: PasswordSchema });

function ResetPasswordPage() {
  useDocumentTitle('Choose a new password · Workspace');
  const { token } = Route.useSearch();
  const reset = useResetPassword();
  const form = useForm({ initialValues: { password: '' }, validate: zodResolver(FormSchema) });
  const submit = form.onSubmit(({ password }) => reset.mutate({ token: token ?? '', password }));

  return (
    <AuthCard title="Choose a new password">
      {reset.isSuccess ? (
        <Alert color="green" data-testid="reset-done">
          Your password is changed and every session was signed out.{' '}
          <LinkAnchor to="/login">Sign in</LinkAnchor> with the new one.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {(reset.isError || !token) && (
              <LinkProblem token={token} error={reset.error} testId="reset-problem">
                <LinkAnchor to="/forgot-password">Ask for a new link</LinkAnchor>
              </LinkProblem>
            )}
            <NewPasswordInput {...form.getInputProps('password')} />
            <Button type="submit" loading={reset.isPending} disabled={!token} fullWidth>
              Set the new password
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" c="dimmed" ta="center" mt="lg">
        <LinkAnchor to="/login">Back to sign in</LinkAnchor>
      </Text>
    </AuthCard>
  );
}
