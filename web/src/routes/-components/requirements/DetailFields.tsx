import { Box, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Markdown } from '../../../components/Markdown/Markdown';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { displayName, UserChip } from '../work-items/WorkItemBadges';

/** A label over its value, for the read-only field panels of requirements and specs. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Stack>
  );
}

export function DetailFieldGrid({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <SimpleGrid cols={columns} spacing="md" verticalSpacing="md">
      {children}
    </SimpleGrid>
  );
}

export function Dimmed({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** A section title, uppercase and dimmed like the work-item detail's. */
export function SectionTitle({ children, right }: { children: ReactNode; right?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={3} fz="sm" tt="uppercase" c="dimmed">
        {children}
      </Title>
      {right}
    </Group>
  );
}

/** A markdown text with its title, or a dimmed line when it is empty. */
export function TextSection({ title, text, empty }: { title: string; text: string; empty: string }) {
  return (
    <Stack gap="xs">
      <SectionTitle>{title}</SectionTitle>
      {text.trim() ? <Markdown>{text}</Markdown> : <Dimmed>{empty}</Dimmed>}
    </Stack>
  );
}

interface LastReview {
  user: { userId: string; login: string; nickname: string };
  at: string;
  result: 'pass' | 'reject';
  comment: string;
}

/** Who reviewed it last, when, the result and their comment. */
export function LastReviewField({ review }: { review: LastReview | null }) {
  return (
    <DetailField label="Last review">
      {review ? (
        <Stack gap={4}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600} c={review.result === 'pass' ? 'green.8' : 'red.8'}>
              {review.result === 'pass' ? 'Passed' : 'Rejected'}
            </Text>
            <Text size="sm">by {displayName(review.user)}</Text>
            <RelativeTime value={review.at} />
          </Group>
          {review.comment && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              “{review.comment}”
            </Text>
          )}
        </Stack>
      ) : (
        <Dimmed>Not reviewed yet</Dimmed>
      )}
    </DetailField>
  );
}

export { UserChip };
