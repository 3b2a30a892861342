import { Avatar, Blockquote, Group, Stack, Text, Timeline } from '@mantine/core';
import type { RequirementKind } from '@shared/domain/requirement-workflow';
import type { ChangeRecord } from '@shared/schemas/requirements';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { initials } from '../../../components/UserMenu/UserMenu';
import { SectionList } from '../../../kit/SectionList/SectionList';
import { changeRecordsQueryOptions } from '../../../queries/requirements';
import { displayName } from '../work-items/WorkItemBadges';
import { FieldDiff } from './FieldDiff';
import { RequirementStatusBadge } from './RequirementStatusBadge';

/** What the comment of a record is, by its action. */
function commentLabel(record: ChangeRecord): string {
  if (record.action === 'change') return 'Reason';
  if (record.action === 'pass' || record.action === 'reject') return 'Review comment';
  return 'Comment';
}

/**
 * The tracking records of a user requirement or spec, oldest first: who did what when, the status
 * it moved from and to, the reason or review comment, and each changed field as a readable diff.
 */
export function ChangeHistory({ kind, id }: { kind: RequirementKind; id: string }) {
  const records = useQuery(changeRecordsQueryOptions(kind, id));
  return (
    <SectionList
      query={records}
      what="The change history"
      testId="change-history"
      skeletons={2}
      empty="No changes recorded yet."
    >
      {(rows) => (
        <Timeline bulletSize={26} lineWidth={2} data-testid="change-history">
          {rows.map((record) => (
            <Timeline.Item
              key={record.id}
              bullet={
                <Avatar size={22} radius="xl" color="brand">
                  {initials(displayName(record.user))}
                </Avatar>
              }
              title={<RecordTitle kind={kind} record={record} />}
            >
              <RecordBody record={record} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </SectionList>
  );
}

function RecordTitle({ kind, record }: { kind: RequirementKind; record: ChangeRecord }) {
  const moved = record.fromStatus !== null && record.fromStatus !== record.toStatus;
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={600}>
        {displayName(record.user)}
      </Text>
      <Text size="sm" c="dimmed">
        {record.actionName}
      </Text>
      {record.fromStatus === null ? (
        <RequirementStatusBadge kind={kind} status={record.toStatus} size="sm" />
      ) : moved ? (
        <Group gap={4} wrap="nowrap" aria-label="Status before and after">
          <RequirementStatusBadge kind={kind} status={record.fromStatus} size="sm" />
          <IconArrowRight size={14} color="var(--mantine-color-dimmed)" />
          <RequirementStatusBadge kind={kind} status={record.toStatus} size="sm" />
        </Group>
      ) : null}
      <RelativeTime value={record.at} />
    </Group>
  );
}

function RecordBody({ record }: { record: ChangeRecord }) {
  if (!record.comment && record.fields.length === 0) return null;
  return (
    <Stack gap="xs" mt={6}>
      {record.comment && (
        <Blockquote
          p="xs"
          pl="sm"
          color={record.action === 'reject' ? 'red' : 'gray'}
          styles={{ root: { fontSize: 'var(--mantine-font-size-sm)' } }}
        >
          <Text span size="xs" c="dimmed" fw={600} display="block">
            {commentLabel(record)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {record.comment}
          </Text>
        </Blockquote>
      )}
      {record.fields.map((field) => (
        <FieldDiff key={field.field} change={field} />
      ))}
    </Stack>
  );
}
