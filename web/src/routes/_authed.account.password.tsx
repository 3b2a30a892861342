import { PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { createFileRoute } from '@tanstack/react-router';
import { FormCard } from '../components/FormCard/FormCard';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { CurrentPasswordInput, NewPasswordInput } from '../components/PasswordInputs/PasswordInputs';
import { ChangePasswordFormSchema } from '../lib/form-schemas';
import { showServerFieldError } from '../lib/server-errors';
import { zodResolver } from '../lib/zod-resolver';
import { useChangePassword } from '../queries/auth';
import { AccessTokensSection } from './-components/account/AccessTokensSection';
import { EmailSection } from './-components/account/EmailSection';
import { FormPageActions } from './-components/account/FormPageActions';
import { SessionsSection } from './-components/account/SessionsSection';

export const Route = createFileRoute('/_authed/account/password')({
  component: ChangePasswordPage,
});

/** The account page: the password, and the sessions signed in with it. */
function ChangePasswordPage() {
  // No field takes focus on arrival: many come here for the sessions below, and blurring an empty,
  // focused password field would show its error and push the sessions down under their click.
  useDocumentTitle('Password and sessions · Workspace');
  const change = useChangePassword();
  const form = useForm({
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: zodResolver(ChangePasswordFormSchema),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(({ oldPassword, newPassword }) =>
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({
            color: 'green',
            title: 'Password changed',
            message: 'Your other sessions have been signed out.',
          });
        },
        onError: (error) => showServerFieldError(form, error),
      },
    ),
  );

  return (
    <Stack gap="lg" maw={520} mx="auto">
      <PageTitle title="Password and sessions">
        Changing your password signs you out everywhere else.
      </PageTitle>
      <FormCard onSubmit={submit}>
        <Title order={2} fz="md">
          Change password
        </Title>
        <CurrentPasswordInput label="Current password" {...form.getInputProps('oldPassword')} />
        <NewPasswordInput label="New password" {...form.getInputProps('newPassword')} />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <FormPageActions pending={change.isPending} label="Save" />
      </FormCard>
      <EmailSection />
      <SessionsSection />
      <AccessTokensSection />
    </Stack>
  );
}
