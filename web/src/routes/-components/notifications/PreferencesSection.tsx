import { Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import type { EmailMode } from '@shared/schemas/notifications';
import { useQuery } from '@tanstack/react-query';
import { preferencesQueryOptions, useSavePreferences } from '../../../queries/notifications';
import { KIND_LABELS } from './notification-text';

/** My preferences: each kind on or off in the inbox, and how email sends them. */
export function PreferencesSection({ identifier }: { identifier: string }) {
  const prefs = useQuery(preferencesQueryOptions(identifier)).data;
  const save = useSavePreferences(identifier);
  if (!prefs) return null;
  return (
    <Paper withBorder p="md" data-testid="notification-preferences">
      <Title order={3} size="h5" mb="sm">
        Preferences
      </Title>
      <Stack gap="xs">
        {KIND_LABELS.map(([kind, label]) => (
          <Switch
            key={kind}
            label={label}
            checked={prefs.inApp[kind]}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ inApp: { [kind]: event.currentTarget.checked } })}
          />
        ))}
        <Text size="sm" mt="sm">
          Email
        </Text>
        <SegmentedControl
          aria-label="Email"
          value={prefs.email}
          disabled={save.isPending}
          onChange={(value) => save.mutate({ email: value as EmailMode })}
          data={[
            { value: 'immediately', label: 'Immediately' },
            { value: 'daily', label: 'Daily digest' },
            { value: 'off', label: 'Off' },
          ]}
        />
      </Stack>
    </Paper>
  );
}
