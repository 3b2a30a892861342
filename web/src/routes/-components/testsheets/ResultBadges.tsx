import { Badge, type BadgeProps, Box, Group, Progress, Text, Tooltip } from '@mantine/core';
import { SHEET_STATUSES, TEST_RESULT } from '@shared/domain/testing';
import type { ResultCounts } from '@shared/schemas/testruns';
import type { ListColumn } from '../../../kit/ListTable/ListTable';
import { formatPassRate, resultColor, resultMeta, resultSegments, resultSummary } from './result-counts';

/** A result in its colour (Passed green, Failed red, Blocked orange, Skipped violet, Not executed gray). */
export function ResultBadge({ result, ...props }: BadgeProps & { result: number }) {
  return (
    <Badge variant="light" color={resultColor(result)} {...props}>
      {resultMeta(result).name}
    </Badge>
  );
}

export function sheetStatusMeta(status: number) {
  return SHEET_STATUSES.find((entry) => entry.id === status) ?? SHEET_STATUSES[0];
}

export function SheetStatusBadge({ status, ...props }: BadgeProps & { status: number }) {
  const meta = sheetStatusMeta(status);
  return (
    <Badge variant="light" color={meta.color} {...props}>
      {meta.name}
    </Badge>
  );
}

/** The small round mark of a sheet's state in the tree. */
export function StatusDot({ status }: { status: number }) {
  const meta = sheetStatusMeta(status);
  return (
    <Box
      component="span"
      w={8}
      h={8}
      role="img"
      aria-label={meta.name}
      style={{
        borderRadius: '50%',
        flexShrink: 0,
        background: `var(--mantine-color-${meta.color}-6)`,
      }}
    />
  );
}

/** In a bar, cases still to run are a light gray: "to do", not a result to read. */
function barColor(result: number, color: string): string {
  return `var(--mantine-color-${result === TEST_RESULT.notExecuted ? 'gray-3' : `${color}-6`})`;
}

/**
 * The results as one stacked bar, each section a result in its colour. `withCounts` adds the count
 * of each result and the pass rate beneath.
 */
export function ResultBar({
  counts,
  size = 'md',
  withCounts = false,
}: {
  counts: ResultCounts;
  size?: 'xs' | 'sm' | 'md' | 'lg';
  withCounts?: boolean;
}) {
  const segments = resultSegments(counts);
  const summary = resultSummary(counts);
  return (
    <Box>
      <Progress.Root size={size} aria-label={summary} role="img">
        {segments.map((segment) => (
          <Tooltip key={segment.result} label={`${segment.name}: ${segment.count}`} withinPortal>
            <Progress.Section value={segment.percent} color={barColor(segment.result, segment.color)} />
          </Tooltip>
        ))}
      </Progress.Root>
      {withCounts && (
        <Group gap="md" mt={6} wrap="wrap">
          {counts.total === 0 ? (
            <Text size="xs" c="dimmed">
              No cases yet
            </Text>
          ) : (
            segments.map((segment) => (
              <Group key={segment.result} gap={6} wrap="nowrap">
                <Box
                  w={8}
                  h={8}
                  style={{ borderRadius: 2, background: barColor(segment.result, segment.color) }}
                />
                <Text size="xs">
                  {segment.name} <b>{segment.count}</b>
                </Text>
              </Group>
            ))
          )}
          <Text size="xs" c="dimmed" ml="auto">
            Pass rate <b>{formatPassRate(counts)}</b>
          </Text>
        </Group>
      )}
    </Box>
  );
}

/** The "Pass rate" column of a list of sheets or reports, right-aligned and bold. */
export function passRateColumn<T extends { counts: ResultCounts }>(): ListColumn<T> {
  return {
    key: 'passRate',
    title: 'Pass rate',
    align: 'right',
    render: (row) => (
      <Text size="sm" fw={600}>
        {formatPassRate(row.counts)}
      </Text>
    ),
  };
}
