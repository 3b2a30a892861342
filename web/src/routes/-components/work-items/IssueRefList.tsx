import { Badge, Group, Text } from '@mantine/core';
import { ISSUE_KIND_LABELS, isIssueKind } from '@shared/domain/work-item-workflow';
import type { IssueRef } from '@shared/schemas/issues';
import type { ReactNode } from 'react';
import { RefList } from '../../../components/RefList/RefList';
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
  return (
    <RefList
      items={items}
      empty={empty}
      keyOf={(item) => item.id}
      testIdOf={(item) => `ref-${item.issueNumber}`}
      start={(item) => {
        const kind = isIssueKind(item.pmIssueType) ? item.pmIssueType : null;
        return (
          <Group gap="xs" wrap="nowrap" miw={0}>
            {kind && (
              <Badge size="xs" variant="outline" color="gray" miw={54}>
                {ISSUE_KIND_LABELS[kind].one}
              </Badge>
            )}
            <WorkItemLink item={item} projectId={projectId} size="sm" lineClamp={1} />
          </Group>
        );
      }}
      end={(item) => (
        <>
          {isIssueKind(item.pmIssueType) ? (
            <StatusBadge kind={item.pmIssueType} status={item.status} size="sm" />
          ) : (
            <Text size="sm">{item.statusName}</Text>
          )}
          {actions?.(item)}
        </>
      )}
    />
  );
}
