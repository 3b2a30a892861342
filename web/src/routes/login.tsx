import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { SignInBodySchema } from '@shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { AuthCard, AuthSwitch } from '../components/AuthCard/AuthCard';
import { LinkAnchor } from '../components/Links/Links';
import { CurrentPasswordInput } from '../components/PasswordInputs/PasswordInputs';
import { safeGoPage } from '../lib/go-page';
import { validateGoPageSearch } from '../lib/search';
import { showServerFieldError } from '../lib/server-errors';
import { useAutofocus } from '../lib/use-autofocus';
import { zodResolver } from '../lib/zod-resolver';
import { settingQueryOptions, useSignIn } from '../queries/auth';

/** Our own sign-in page, standing in for the code-hosting platform's (loginUrl points here). */
export const Route = createFileRoute('/login')({
  validateSearch: validateGoPageSearch,
  component: LoginPage,
});

function LoginPage() {
  useDocumentTitle('Sign in · Workspace');
  const { go_page: goPage } = Route.useSearch();
  const router = useRouter();
  const signIn = useSignIn();
  const setting = useQuery(settingQueryOptions());
  const firstField = useAutofocus();
  const form = useForm({
    initialValues: { login: '', password: '' },
    validate: zodResolver(SignInBodySchema),
  });

  const submit = form.onSubmit((values) =>
    signIn.mutate(SignInBodySchema.parse(values), {
      onSuccess: () => router.history.push(safeGoPage(goPage, window.location.origin)),
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
      {setting.data?.setting.signUpOpen !== false && (
        <AuthSwitch question="New here?" to="/signup" goPage={goPage}>
          Create an account
        </AuthSwitch>
      )}
    </AuthCard>
  );
}
