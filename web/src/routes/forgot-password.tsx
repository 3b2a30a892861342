import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { ForgotPasswordBodySchema } from '@shared/schemas/email';
import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../components/AuthCard/AuthCard';
import { LinkAnchor } from '../components/Links/Links';
import { showServerFieldError } from '../lib/server-errors';
import { useAutofocus } from '../lib/use-autofocus';
import { zodResolver } from '../lib/zod-resolver';
import { useForgotPassword } from '../queries/email';

/** "Forgot password?": asks for a reset link by email (the answer never says whether the account exists). */
export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordPage });

function ForgotPasswordPage() {
  useDocumentTitle('Forgot password · Workspace');
  const forgot = useForgotPassword();
  const firstField = useAutofocus();
  const form = useForm({ initialValues: { email: '' }, validate: zodResolver(ForgotPasswordBodySchema) });
  const submit = form.onSubmit((values) =>
    forgot.mutate(ForgotPasswordBodySchema.parse(values), {
      onError: (error) => showServerFieldError(form, error),
    }),
  );

  return (
    <AuthCard title="Forgot your password?" subtitle="We will mail you a link to choose a new one.">
      {forgot.data ? (
        <Alert color="blue" data-testid="forgot-sent">
          {forgot.data.message}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput ref={firstField} label="Email" autoComplete="email" {...form.getInputProps('email')} />
            <Button type="submit" loading={forgot.isPending} fullWidth>
              Send the link
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" c="dimmed" ta="center" mt="lg">
        <LinkAnchor to="/login" fw={500}>
          Back to sign in
        </LinkAnchor>
      </Text>
    </AuthCard>
  );
}
