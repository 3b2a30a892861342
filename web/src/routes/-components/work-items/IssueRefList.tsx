import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { ISSUE_KIND_LABELS, isIssueKind } from '@shared/domain/work-item-workflow';
import type { IssueRef } from '@shared/schemas/issues';
import type { ReactNode } from 'react';
import { StatusBadge } from './WorkItemBadges';
import { WorkItemLink } from './WorkItemLink';

interface IssueRefListProps {
  items: readonly IssueRef[];
  projectId: string;
  empty: string;
  /** Buttons at the end of each row (unlink). */
  actions?: (item: IssueRef) => ReactNode;
}

/** Children or linked items: kind, `#n title` (opens it), status. */
export function IssueRefList({ items, projectId, empty, actions }: IssueRefListProps) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm">
        {empty}
      </Text>
    );
  }
  return (
    <Paper withBorder>
      <Stack gap={0}>
        {items.map((item, index) => {
          const kind = isIssueKind(item.pmIssueType) ? item.pmIssueType : null;
          return (
            <Group
              key={item.id}
              justify="space-between"
              wrap="nowrap"
              px="sm"
              py={8}
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
              data-testid={`ref-${item.issueNumber}`}
            >
              <Group gap="xs" wrap="nowrap" miw={0}>
                {kind && (
                  <Badge size="xs" variant="outline" color="gray" miw={54}>
                    {ISSUE_KIND_LABELS[kind].one}
                  </Badge>
                )}
                <WorkItemLink item={item} projectId={projectId} size="sm" lineClamp={1} />
              </Group>
              <Group gap="xs" wrap="nowrap">
                {kind ? (
                  <StatusBadge kind={kind} status={item.status} size="sm" />
                ) : (
                  <Text size="sm">{item.statusName}</Text>
                )}
                {actions?.(item)}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
