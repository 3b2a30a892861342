import { Alert, Button, Code, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { UpdateEnterpriseBodySchema } from '@shared/schemas/enterprise';
import { IconAlertTriangle, IconLock, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { ActionButton } from '../kit/ActionButton/ActionButton';
import { SaveRow } from '../kit/SettingsSection/SettingsSection';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { accessGuard } from '../lib/route-guards';
import { zodResolver } from '../lib/zod-resolver';
import { enterpriseKeys } from '../queries/enterprise';
import { AuditRetentionSection } from './-components/settings/AuditRetentionSection';
import { DataExportSection } from './-components/settings/DataExportSection';
import { DeleteEnterpriseSection } from './-components/settings/DeleteEnterpriseSection';
import { useEnterpriseSettingsForm } from './-components/settings/use-enterprise-settings-form';
import { TemplatesSection } from './-components/weekly/TemplatesSection';
import { WeekSettingsSection } from './-components/weekly/WeekSettingsSection';

/** Organization settings: name, description, hosting address; data export; the danger zone. */
export const Route = createFileRoute('/$identifier/admin/')({
  beforeLoad: accessGuard('adminSettings'),
  component: SettingsPage,
});

const SettingsFormSchema = UpdateEnterpriseBodySchema.omit({ version: true });

function SettingsPage() {
  const { enterprise, can } = useCurrentEnterprise();
  useDocumentTitle(`Organization settings · ${enterprise.name}`);
  const queryClient = useQueryClient();
  const canEdit = can('enterprise:settings:edit');
  const { form, submit, pending, conflict, setConflict } = useEnterpriseSettingsForm({
    saved: () => ({
      name: enterprise.name,
      description: enterprise.description,
      gitlinkUrl: enterprise.gitlinkUrl,
    }),
    validate: zodResolver(SettingsFormSchema),
    toBody: (values) => SettingsFormSchema.parse(values),
    savedMessage: 'Organization settings saved',
    validateInputOnChange: true,
  });

  async function loadLatest() {
    await queryClient.invalidateQueries({ queryKey: enterpriseKeys.detail(enterprise.enterpriseIdentifier) });
    setConflict(false);
  }

  return (
    <Stack gap="lg" maw={760}>
      <PageTitle title="Organization settings">
        How the enterprise presents itself, and where its code platform lives.
      </PageTitle>

      {!canEdit && (
        <Alert icon={<IconLock size={18} />} color="gray" variant="light">
          You can view these settings; changing them needs the “Edit organization settings” permission.
        </Alert>
      )}
      {conflict && (
        <Alert
          icon={<IconAlertTriangle size={18} />}
          color="yellow"
          title="Someone else changed these settings"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Load the latest version, then make your change again.</Text>
            <ActionButton icon={IconRefresh} variant="light" color="yellow" onClick={loadLatest}>
              Load latest
            </ActionButton>
          </Stack>
        </Alert>
      )}

      <Paper withBorder p="xl">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Identifier"
              value={enterprise.enterpriseIdentifier}
              readOnly
              disabled
              description="Part of every address of the enterprise; it cannot be changed."
            />
            <TextInput label="Name" readOnly={!canEdit} {...form.getInputProps('name')} />
            <Textarea
              label="Description"
              autosize
              minRows={3}
              maxRows={10}
              readOnly={!canEdit}
              {...form.getInputProps('description')}
            />
            <TextInput
              label="Hosting address"
              description={
                <>
                  The code platform's address (<Code>gitlinkUrl</Code>); platform calls of the enterprise go
                  there.
                </>
              }
              placeholder="https://code.example.com"
              readOnly={!canEdit}
              {...form.getInputProps('gitlinkUrl')}
            />
            {canEdit && (
              <SaveRow pending={pending} disabled={!form.isDirty()} mt="sm">
                <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty() || pending}>
                  Discard changes
                </Button>
              </SaveRow>
            )}
          </Stack>
        </form>
      </Paper>

      <WeekSettingsSection />
      {can('project:weekly:template') && <TemplatesSection />}

      <AuditRetentionSection />

      {/* Exporting everything is held by the same permission as deleting it (the owner always has it). */}
      {can('enterprise:settings:remove') && (
        <DataExportSection identifier={enterprise.enterpriseIdentifier} />
      )}
      {can('enterprise:settings:remove') && <DeleteEnterpriseSection />}
    </Stack>
  );
}
