import { Alert, Group, Select, Stack, TextInput } from '@mantine/core';
import { timeZoneNames } from '@shared/domain/time-zone';
import { WEEKDAYS } from '@shared/domain/weekly';
import { WeekSettingsSchema } from '@shared/schemas/enterprise';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { SaveRow, SettingsSection } from '../../../kit/SettingsSection/SettingsSection';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { zodResolver } from '../../../lib/zod-resolver';
import { useEnterpriseSettingsForm } from '../settings/use-enterprise-settings-form';

const DAY_OPTIONS = WEEKDAYS.map((day) => ({ value: String(day.id), label: day.name }));

/**
 * The enterprise's time zone (weeks run Monday to Sunday in it) and when members who have not
 * submitted their weekly report are reminded. Its own form, saved at the enterprise's version.
 */
export function WeekSettingsSection() {
  const { enterprise, can } = useCurrentEnterprise();
  const canEdit = can('enterprise:settings:edit');
  const zones = useMemo(() => timeZoneNames(), []);
  const { form, submit, pending, conflict } = useEnterpriseSettingsForm({
    saved: () => ({
      timeZone: enterprise.timeZone,
      weeklyReminderDay: String(enterprise.weeklyReminderDay),
      weeklyReminderTime: enterprise.weeklyReminderTime,
    }),
    // The day comes from a fixed list; the time zone and the time are checked as the server does.
    validate: zodResolver(WeekSettingsSchema.omit({ weeklyReminderDay: true })),
    toBody: (values) => ({ ...values, weeklyReminderDay: Number(values.weeklyReminderDay) }),
    savedMessage: 'Time zone and reminders saved',
  });

  return (
    <SettingsSection
      title="Time zone and weekly reminders"
      testId="week-settings"
      description="Weeks run from Monday to Sunday in this time zone. Members who have not submitted their weekly report by the reminder time get a reminder on their weekly page."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {conflict && (
            <Alert icon={<IconAlertTriangle size={18} />} color="yellow">
              Someone else changed the settings; reload the page and make your change again.
            </Alert>
          )}
          <Select
            label="Time zone"
            searchable
            data={zones}
            readOnly={!canEdit}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('timeZone')}
          />
          <Group grow>
            <Select
              label="Reminder day"
              data={DAY_OPTIONS}
              readOnly={!canEdit}
              allowDeselect={false}
              {...form.getInputProps('weeklyReminderDay')}
            />
            <TextInput
              label="Reminder time"
              placeholder="17:00"
              readOnly={!canEdit}
              {...form.getInputProps('weeklyReminderTime')}
            />
          </Group>
          {canEdit && <SaveRow pending={pending} disabled={!form.isDirty()} />}
        </Stack>
      </form>
    </SettingsSection>
  );
}
