import { Alert, Group, Stack, Text } from '@mantine/core';
import type { Notice } from '@shared/schemas/weekly';
import { IconBell } from '@tabler/icons-react';
import { WeekPageLink } from './WeekPageLink';

/**
 * Reminders of reports not submitted yet. Notifications are not built yet (issue 20): reminders
 * are in-app notices, shown here until the report is submitted.
 */
export function NoticeList({ notices }: { notices: Notice[] }) {
  if (notices.length === 0) return null;
  return (
    <Stack gap="xs" className="weekly-no-print" data-testid="weekly-reminders">
      {notices.map((notice) => (
        <Alert
          key={notice.id}
          color="orange"
          variant="light"
          icon={<IconBell size={18} />}
          data-testid="weekly-reminder"
        >
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{notice.message}</Text>
            <WeekPageLink color="orange" projectId={notice.pmsProjectId} week={notice.weekStart}>
              Write it
            </WeekPageLink>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
