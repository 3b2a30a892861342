import { Anchor, Badge, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { IssueKind } from '@shared/domain/work-item-workflow';
import { formatShortDate } from '@shared/format';
import type { DeskIssue, MyIssueCounts } from '@shared/schemas/dashboard';
import { IconChecklist, IconMoodSmile } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { Dimmable } from '../../../kit/ListPage/ListPage';
import { ShowMore } from '../../../kit/ListPage/Pager';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { type MyIssuesParams, myIssuesQueryOptions } from '../../../queries/dashboard';
import { KIND_ROUTES } from '../work-items/kinds';
import { PriorityBadge, StatusBadge } from '../work-items/WorkItemBadges';
import { BlockNote, DeskBlock, DeskLink } from './DeskBlock';
import { DueBadge } from './DueBadge';

const TABS = [
  { value: 'all', label: 'All' },
  { value: 'assigned', label: 'Assigned to me' },
  { value: 'created', label: 'Created by me' },
  { value: 'mentioned', label: 'Mentioning me' },
] as const;
type Tab = (typeof TABS)[number]['value'];

const PAGE = 8;

const RELATION_LABEL = { assigned: 'Assigned', created: 'Created', mentioned: 'Mentioned' } as const;

function ItemRow({ item }: { item: DeskIssue }) {
  const { enterprise } = useCurrentEnterprise();
  const kind = item.pmIssueType as IssueKind;
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      justify="space-between"
      py={6}
      data-testid="desk-item"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} miw={0}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <DueBadge due={item.due} />
          <LinkAnchor
            to={KIND_ROUTES[kind].detail}
            params={{
              identifier: enterprise.enterpriseIdentifier,
              projectId: item.pmsProjectId,
              workItemId: item.id,
            }}
            fw={500}
            size="sm"
            truncate
            title={`#${item.issueNumber} ${item.title}`}
          >
            #{item.issueNumber} {item.title}
          </LinkAnchor>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {item.projectName}
          {item.relations.map((r) => ` · ${RELATION_LABEL[r]}`).join('')}
        </Text>
      </Stack>
      <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
        <StatusBadge kind={kind} status={item.status} size="sm" />
        <PriorityBadge priority={item.priority} size="sm" visibleFrom="xl" />
        <Text size="xs" c={item.due === 'overdue' ? 'red' : 'dimmed'} w={72} ta="right">
          {item.endDate ? formatShortDate(item.endDate) : 'No end date'}
        </Text>
      </Group>
    </Group>
  );
}

function tabLabel(label: string, count: number | undefined) {
  return count === undefined ? label : `${label} ${count}`;
}

/** The summary line: how many are overdue and due soon. */
function Urgency({ counts }: { counts: MyIssueCounts }) {
  if (counts.overdue === 0 && counts.dueSoon === 0) return null;
  return (
    <Group gap={6}>
      {counts.overdue > 0 && (
        <Badge variant="light" color="red">
          {counts.overdue} overdue
        </Badge>
      )}
      {counts.dueSoon > 0 && (
        <Badge variant="light" color="orange">
          {counts.dueSoon} due soon
        </Badge>
      )}
    </Group>
  );
}

/** My unfinished work items across my projects: overdue and due soon first. */
export function MyItemsBlock() {
  const [tab, setTab] = useState<Tab>('all');
  const [pageSize, setPageSize] = useState(PAGE);
  const params: MyIssuesParams = { relation: tab, pageNum: 1, pageSize };
  const query = useQuery(myIssuesQueryOptions(params));
  const { data } = query;
  const rows = data?.rows ?? [];
  const counts = data?.counts;
  return (
    <DeskBlock
      title="My work items"
      what="your work items"
      icon={IconChecklist}
      aside={counts && <Urgency counts={counts} />}
      query={query}
      isEmpty={!data || data.counts.all === 0}
      skeletonRows={6}
      testId="desk-items"
      empty={{
        icon: IconMoodSmile,
        title: 'Nothing on your plate',
        description:
          'Work items assigned to you, created by you or mentioning you (@your-login) show here, overdue first.',
        action: <DeskLink to="/$identifier/projects">Go to projects</DeskLink>,
        testId: 'desk-items-empty',
      }}
    >
      <Stack gap="xs">
        <SegmentedControl
          size="xs"
          aria-label="Which items"
          value={tab}
          onChange={(value) => {
            setTab(value as Tab);
            setPageSize(PAGE);
          }}
          data={TABS.map((t) => ({ value: t.value, label: tabLabel(t.label, counts?.[t.value]) }))}
          style={{ alignSelf: 'flex-start' }}
        />
        <Dimmable dimmed={query.isPlaceholderData}>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed" py="md" data-testid="desk-items-none">
              None in this list.{' '}
              <Anchor component="button" size="sm" onClick={() => setTab('all')}>
                Show all
              </Anchor>
            </Text>
          ) : (
            rows.map((item) => <ItemRow key={item.id} item={item} />)
          )}
        </Dimmable>
        {data && data.total > rows.length && (
          <ShowMore
            query={{
              hasNextPage: true,
              isFetchingNextPage: query.isPlaceholderData,
              fetchNextPage: async () => setPageSize((size) => size + PAGE * 2),
            }}
          >
            Show more
          </ShowMore>
        )}
        {data && data.total > 0 && (
          <BlockNote>
            {rows.length} of {data.total} shown · judged on {formatShortDate(data.today)}
          </BlockNote>
        )}
      </Stack>
    </DeskBlock>
  );
}
