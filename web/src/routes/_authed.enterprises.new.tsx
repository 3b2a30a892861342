import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormCard } from '../components/FormCard/FormCard';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { NotesTextarea } from '../kit/FormModal/fields';
import { CreateEnterpriseFormSchema } from '../lib/form-schemas';
import { identifierHint, previewIdentifier, suggestIdentifier } from '../lib/identifier';
import { showServerFieldError } from '../lib/server-errors';
import { useAutofocus } from '../lib/use-autofocus';
import { zodResolver } from '../lib/zod-resolver';
import { useCreateEnterprise } from '../queries/enterprise';
import { FormPageActions } from './-components/account/FormPageActions';

export const Route = createFileRoute('/_authed/enterprises/new')({
  component: CreateEnterprisePage,
});

function CreateEnterprisePage() {
  useDocumentTitle('Create enterprise · Workspace');
  const navigate = useNavigate();
  const create = useCreateEnterprise();
  const firstField = useAutofocus();
  // The identifier follows the name until the user types one of their own.
  const [identifierEdited, setIdentifierEdited] = useState(false);
  const form = useForm({
    initialValues: { name: '', identifier: '', description: '' },
    validate: zodResolver(CreateEnterpriseFormSchema),
    validateInputOnChange: true,
  });

  const nameInput = form.getInputProps('name');
  const identifierInput = form.getInputProps('identifier');
  const identifier = form.getValues().identifier;

  const submit = form.onSubmit((values) =>
    create.mutate(CreateEnterpriseFormSchema.parse(values), {
      onSuccess: (enterprise) => {
        notifications.show({ color: 'green', message: `Enterprise ${enterprise.name} created` });
        void navigate({ to: '/$identifier', params: { identifier: enterprise.enterpriseIdentifier } });
      },
      onError: (error) => showServerFieldError(form, error),
    }),
  );

  return (
    <Stack gap="lg" maw={640} mx="auto">
      <PageTitle title="Create enterprise">
        An enterprise holds your organization's members, roles, products and projects.
      </PageTitle>
      <FormCard onSubmit={submit}>
        <TextInput
          ref={firstField}
          label="Name"
          placeholder="Acme Corporation"
          {...nameInput}
          onChange={(event) => {
            nameInput.onChange(event);
            if (!identifierEdited)
              form.setFieldValue('identifier', suggestIdentifier(event.currentTarget.value));
          }}
        />
        <TextInput
          label="Identifier"
          placeholder="acme"
          description={
            identifierHint(form.getValues().name, identifier) ?? (
              <>
                Part of every address: {window.location.origin}/
                <b>{previewIdentifier(identifier) ?? 'your-identifier'}</b>. It cannot be changed later.
              </>
            )
          }
          {...identifierInput}
          onChange={(event) => {
            setIdentifierEdited(event.currentTarget.value !== '');
            identifierInput.onChange(event);
          }}
        />
        <NotesTextarea
          label="Description"
          placeholder="What this enterprise is for (optional)"
          {...form.getInputProps('description')}
        />
        <FormPageActions pending={create.isPending} label="Create enterprise" />
      </FormCard>
    </Stack>
  );
}
