import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { AuthCard, AuthSwitch } from '../components/AuthCard/AuthCard';
import { NewPasswordInput } from '../components/PasswordInputs/PasswordInputs';
import { SignUpFormSchema } from '../lib/form-schemas';
import { safeGoPage } from '../lib/go-page';
import { validateGoPageSearch } from '../lib/search';
import { showServerFieldError } from '../lib/server-errors';
import { useAutofocus } from '../lib/use-autofocus';
import { zodResolver } from '../lib/zod-resolver';
import { settingQueryOptions, useSignUp } from '../queries/auth';

export const Route = createFileRoute('/signup')({
  validateSearch: validateGoPageSearch,
  component: SignUpPage,
});

function SignUpPage() {
  useDocumentTitle('Create an account · Workspace');
  const { go_page: goPage } = Route.useSearch();
  const router = useRouter();
  const signUp = useSignUp();
  const setting = useQuery(settingQueryOptions());
  const firstField = useAutofocus();
  const form = useForm({
    initialValues: { login: '', email: '', nickname: '', password: '' },
    validate: zodResolver(SignUpFormSchema),
    validateInputOnBlur: true,
  });
  const closed = setting.data?.setting.signUpOpen === false;

  const submit = form.onSubmit((values) =>
    signUp.mutate(SignUpFormSchema.parse(values), {
      onSuccess: (user) => {
        notifications.show({ message: `We mailed a link to ${user.user.email} to confirm the address` });
        router.history.push(safeGoPage(goPage, window.location.origin));
      },
      onError: (error) => showServerFieldError(form, error),
    }),
  );

  return (
    <AuthCard title="Create an account" subtitle="One account for every enterprise you work with.">
      {closed && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} mb="md">
          Sign-up is closed on this workspace. Ask an administrator for an account.
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            ref={firstField}
            label="Login"
            description="Lowercase letters, digits, dot, dash and underscore"
            autoComplete="username"
            {...form.getInputProps('login')}
          />
          <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <TextInput label="Nickname" autoComplete="nickname" {...form.getInputProps('nickname')} />
          <NewPasswordInput {...form.getInputProps('password')} />
          <Button type="submit" loading={signUp.isPending} disabled={closed} fullWidth mt="xs">
            Sign up
          </Button>
        </Stack>
      </form>
      <AuthSwitch question="Already have an account?" to="/login" goPage={goPage}>
        Sign in
      </AuthSwitch>
    </AuthCard>
  );
}
