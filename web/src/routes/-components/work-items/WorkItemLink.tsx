import { type AnchorProps, Text } from '@mantine/core';
import { isIssueKind } from '@shared/domain/work-item-workflow';
import type { MouseEvent, ReactNode } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { KIND_ROUTES } from './kinds';
import { useWorkItemPanel } from './work-item-panel';

interface WorkItemLinkProps extends AnchorProps {
  item: { id: string; issueNumber: number; title: string; pmIssueType: number; pmsProjectId?: string };
  projectId: string;
  children?: ReactNode;
}

/** A plain click with no modifier: the user wants the drawer, not a new tab or window. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * `#12 Title`: opens the item in the drawer; the address is the full page, so a middle click or
 * "open in new tab" still works.
 */
export function WorkItemLink({ item, projectId, children, ...props }: WorkItemLinkProps) {
  const { enterprise } = useCurrentEnterprise();
  const panel = useWorkItemPanel();
  const label = children ?? `#${item.issueNumber} ${item.title}`;
  if (!isIssueKind(item.pmIssueType)) return <Text span>{label}</Text>;
  const kind = item.pmIssueType;
  return (
    <LinkAnchor
      to={KIND_ROUTES[kind].detail}
      params={{ identifier: enterprise.enterpriseIdentifier, projectId, workItemId: item.id }}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        panel.openItem(item.id, kind);
      }}
      {...props}
    >
      {label}
    </LinkAnchor>
  );
}
