import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { AuthCard, AuthSwitch } from '../components/AuthCard/AuthCard';
import { useSignInPage } from '../components/AuthCard/use-sign-in-page';
import { NewPasswordInput } from '../components/PasswordInputs/PasswordInputs';
import { SignUpFormSchema } from '../lib/form-schemas';
import { validateGoPageSearch } from '../lib/search';
import { showServerFieldError } from '../lib/server-errors';
import { zodResolver } from '../lib/zod-resolver';
import { useSignUp } from '../queries/auth';

export const Route = createFileRoute('/signup')({
  validateSearch: validateGoPageSearch,
  component: SignUpPage,
});

function SignUpPage() {
  useDocumentTitle('Create an account · Workspace');
  const { go_page: goPage } = Route.useSearch();
  const signUp = useSignUp();
  const { signUpOpen, firstField, goOn } = useSignInPage(goPage);
  const form = useForm({
    initialValues: { login: '', email: '', nickname: '', password: '' },
    validate: zodResolver(SignUpFormSchema),
    validateInputOnBlur: true,
  });
  const closed = signUpOpen === false;

  const submit = form.onSubmit((values) =>
    signUp.mutate(SignUpFormSchema.parse(values), {
      onSuccess: (user) => {
        notifications.show({ message: `We mailed a link to ${user.user.email} to confirm the address` });
        goOn();
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
