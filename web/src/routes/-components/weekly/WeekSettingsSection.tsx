import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { timeZoneNames } from '@shared/domain/time-zone';
import { WEEKDAYS } from '@shared/domain/weekly';
import { WeekSettingsSchema } from '@shared/schemas/enterprise';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { HttpError } from '../../../api/errors';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useUpdateEnterprise } from '../../../queries/enterprise';

const DAY_OPTIONS = WEEKDAYS.map((day) => ({ value: String(day.id), label: day.name }));

/**
 * The enterprise's time zone (weeks run Monday to Sunday in it) and when members who have not
 * submitted their weekly report are reminded. Its own form, saved at the enterprise's version.
 */
export function WeekSettingsSection() {
  const { enterprise, can } = useCurrentEnterprise();
  const canEdit = can('enterprise:settings:edit');
  const update = useUpdateEnterprise(enterprise);
  const [conflict, setConflict] = useState(false);
  const zones = useMemo(() => timeZoneNames(), []);
  const saved = () => ({
    timeZone: enterprise.timeZone,
    weeklyReminderDay: String(enterprise.weeklyReminderDay),
    weeklyReminderTime: enterprise.weeklyReminderTime,
  });
  const form = useForm({
    initialValues: saved(),
    // The day comes from a fixed list; the time zone and the time are checked as the server does.
    validate: zodResolver(WeekSettingsSchema.omit({ weeklyReminderDay: true })),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the version on purpose
  useEffect(() => {
    form.setInitialValues(saved());
    form.setValues(saved());
    form.resetDirty(saved());
  }, [enterprise.version]);

  const submit = form.onSubmit((values) =>
    update.mutate(
      { ...values, weeklyReminderDay: Number(values.weeklyReminderDay), version: enterprise.version },
      {
        onSuccess: () => {
          setConflict(false);
          notifications.show({ color: 'green', message: 'Time zone and reminders saved' });
        },
        onError: (error) => {
          if (error instanceof HttpError && error.status === 409) setConflict(true);
          else showServerFieldError(form, error);
        },
      },
    ),
  );

  return (
    <Paper withBorder p="xl" data-testid="week-settings">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              Time zone and weekly reminders
            </Title>
            <Text size="sm" c="dimmed">
              Weeks run from Monday to Sunday in this time zone. Members who have not submitted their weekly
              report by the reminder time get a reminder on their weekly page.
            </Text>
          </Stack>
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
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
                Save
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
