import { Paper, Tabs, Title } from '@mantine/core';
import { PROJECT_ISSUE_CATEGORIES, type ProjectIssueCategory } from '@shared/domain/weekly';
import type { IssueKind } from '@shared/domain/work-item-workflow';
import type { WeeklyIssue } from '@shared/schemas/weekly';
import { IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ListBody, NothingYet } from '../../../kit/ListPage/ListPage';
import { CardPager } from '../../../kit/ListPage/Pager';
import { usePager } from '../../../kit/ListPage/use-pager';
import { NumberedTitle, TextCell } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../../../kit/ListTable/ListTable';
import { projectIssuesQueryOptions } from '../../../queries/weekly';
import { useWorkItemPanel } from '../work-items/work-item-panel';
import { CountTab } from './report-parts';

const COLUMNS: ListColumn<WeeklyIssue>[] = [
  {
    key: 'title',
    title: 'Work item',
    role: 'title',
    render: (issue) => <NumberedTitle number={`#${issue.issueNumber}`} title={issue.title} />,
  },
  { key: 'status', title: 'Status', render: (issue) => <TextCell value={issue.statusName} /> },
  {
    key: 'assignee',
    title: 'Assignee',
    role: 'secondary',
    render: (issue) => <TextCell value={issue.assignee?.nickname} dimmed={!issue.assignee} />,
  },
  {
    key: 'endDate',
    title: 'End date',
    role: 'tertiary',
    render: (issue) => <TextCell value={issue.endDate} />,
  },
];

/** The project's items of the week by category (projectIssueList), a page at a time; a row opens the item. */
export function WeekItems({
  projectId,
  weekStart,
  category,
  pageNum,
  onChange,
}: {
  projectId: string;
  weekStart?: string;
  category: ProjectIssueCategory;
  pageNum: number;
  onChange: (change: { category?: ProjectIssueCategory; pageNum?: number }) => void;
}) {
  const pager = usePager('weekly-items', pageNum, (next) => onChange({ pageNum: next }));
  const { pageSize } = pager;
  const query = useQuery(
    projectIssuesQueryOptions({ pmsProjectId: projectId, weekStart, category, pageNum, pageSize }),
  );
  const panel = useWorkItemPanel();
  const page = query.data;
  return (
    <Paper withBorder className="weekly-print-block">
      <Title order={3} fz="md" p="md" pb="xs">
        Items of the week
      </Title>
      <Tabs
        value={category}
        onChange={(value) => value && onChange({ category: value as ProjectIssueCategory, pageNum: 1 })}
      >
        <Tabs.List px="md">
          {PROJECT_ISSUE_CATEGORIES.map((c) => (
            <CountTab key={c.id} value={c.id} count={page?.categories[c.id] ?? '…'}>
              {c.name}
            </CountTab>
          ))}
        </Tabs.List>
      </Tabs>
      <ListBody
        what="items of the week"
        query={query}
        isEmpty={(page?.rows.length ?? 0) === 0}
        empty={
          <NothingYet
            icon={<IconListCheck size={28} />}
            title="No items in this category"
            description="Items appear here as the week's work happens."
            testId="week-items-empty"
          />
        }
      >
        <ListTable
          rows={page?.rows ?? []}
          columns={COLUMNS}
          compact
          testId="week-items"
          rowTestId={(issue) => `week-item-${issue.issueNumber}`}
          rowTitle={(issue) => issue.title}
          onOpen={(issue) => panel.openItem(issue.id, issue.pmIssueType as IssueKind)}
        />
      </ListBody>
      <CardPager page={page} noun="items" {...pager} />
    </Paper>
  );
}
