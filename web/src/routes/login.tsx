import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { SignInBodySchema } from '@shared/schemas/auth';
import { createFileRoute } from '@tanstack/react-router';
import { AuthCard, AuthSwitch } from '../components/AuthCard/AuthCard';
import { useSignInPage } from '../components/AuthCard/use-sign-in-page';
import { LinkAnchor } from '../components/Links/Links';
import { CurrentPasswordInput } from '../components/PasswordInputs/PasswordInputs';
import { validateGoPageSearch } from '../lib/search';
import { showServerFieldError } from '../lib/server-errors';
import { zodResolver } from '../lib/zod-resolver';
import { useSignIn } from '../queries/auth';

/** Our own sign-in page, standing in for the code-hosting platform's (loginUrl points here). */
export const Route = createFileRoute('/login')({
  validateSearch: validateGoPageSearch,
  component: LoginPage,
});

function LoginPage() {
  useDocumentTitle('Sign in · Workspace');
  const { go_page: goPage } = Route.useSearch();
  const signIn = useSignIn();
  const { signUpOpen, firstField, goOn } = useSignInPage(goPage);
  const form = useForm({
    initialValues: { login: '', password: '' },
    validate: zodResolver(SignInBodySchema),
  });

  const submit = form.onSubmit((values) =>
    signIn.mutate(SignInBodySchema.parse(values), {
      onSuccess: goOn,
      onError: (error) => showServerFieldError(form, error),
    }),
  );

  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to continue to your enterprises.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            ref={firstField}
            label="Login or email"
            autoComplete="username"
            {...form.getInputProps('login')}
          />
          <CurrentPasswordInput {...form.getInputProps('password')} />
          <Text size="sm" ta="right" mt={-8}>
            <LinkAnchor to="/forgot-password">Forgot password?</LinkAnchor>
          </Text>
          <Button type="submit" loading={signIn.isPending} fullWidth mt="xs">
            Sign in
          </Button>
        </Stack>
      </form>
      {signUpOpen !== false && (
        <AuthSwitch question="New here?" to="/signup" goPage={goPage}>
          Create an account
        </AuthSwitch>
      )}
    </AuthCard>
  );
}
