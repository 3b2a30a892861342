import { Card, Grid, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ITERATION_STATE } from '@shared/domain/sprint-workflow';
import { IconListCheck } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LinkButton } from '../../../components/Links/Links';
import { NothingYet } from '../../../kit/ListPage/ListPage';
import { TitledCard } from '../../../kit/TitledCard/TitledCard';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import {
  sprintIssuesQueryOptions,
  sprintQueryOptions,
  sprintStatisticsQueryOptions,
} from '../../../queries/sprints';
import { BurnDownChart } from './BurnDownChart';
import { CompletionRecord } from './CompletionRecord';
import { LoadPerAssignee } from './LoadPerAssignee';
import { SprintItemTable } from './SprintItemTable';
import { SprintStatisticsPanel } from './SprintStatisticsPanel';

const ITEMS_PAGE_SIZE = 20;
const ITEM_ORDER = { orderBy: 'updatedAt', sort: 'desc' } as const;

interface SprintOverviewProps {
  projectId: string;
  sprintId: string;
}

/** The body of the sprint page (under its header): charts, statistics, items, completion record. */
export function SprintOverview({ projectId, sprintId }: SprintOverviewProps) {
  const { enterprise } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const navigate = useNavigate();
  const { data: sprint } = useSuspenseQuery(sprintQueryOptions(projectId, sprintId));
  const live = useQuery(sprintStatisticsQueryOptions(projectId, sprintId));
  const closed = sprint.status === ITERATION_STATE.closed;
  // A closed sprint shows what its completion recorded (the carry-over rate only exists there).
  const statistics = closed && sprint.completion ? sprint.completion.statistics : live.data;

  const openItem = (workItemId: string) =>
    void navigate({
      to: '/$identifier/projects/$projectId/iteration/$iterationId/$workItemId',
      params: { identifier, projectId, iterationId: sprintId, workItemId },
    });

  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <BurnDownChart projectId={projectId} sprintId={sprintId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <TitledCard title="Load per assignee" h="100%">
            {statistics ? <LoadPerAssignee statistics={statistics} /> : <Skeleton h={120} />}
          </TitledCard>
        </Grid.Col>
      </Grid>
      {closed && sprint.completion && (
        <CompletionRecord
          identifier={identifier}
          projectId={projectId}
          completion={sprint.completion}
          onOpen={(issue) => openItem(issue.id)}
        />
      )}
      <SprintStatisticsPanel statistics={statistics} closed={closed} />
      <SprintItems projectId={projectId} sprintId={sprintId} closed={closed} onOpen={openItem} />
    </Stack>
  );
}

function SprintItems({
  projectId,
  sprintId,
  closed,
  onOpen,
}: SprintOverviewProps & { closed: boolean; onOpen: (id: string) => void }) {
  const { enterprise } = useCurrentEnterprise();
  const [pageNum, setPageNum] = useState(1);
  const { data: page, isPlaceholderData } = useQuery(
    sprintIssuesQueryOptions(projectId, sprintId, ITEM_ORDER, pageNum, ITEMS_PAGE_SIZE),
  );
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;
  return (
    <Card p={0}>
      <Group justify="space-between" p="md" pb="xs">
        <Group gap="xs">
          <Title order={2} fz="md">
            Items
          </Title>
          {page && (
            <Text size="sm" c="dimmed">
              {page.total} in the sprint
            </Text>
          )}
        </Group>
        {!closed && (
          <LinkButton
            to="/$identifier/projects/$projectId/iteration/planning"
            params={{ identifier: enterprise.enterpriseIdentifier, projectId }}
            search={{ sprint: sprintId }}
            variant="light"
            size="xs"
          >
            Plan items
          </LinkButton>
        )}
      </Group>
      {!page ? (
        <Stack gap="sm" p="md" aria-busy aria-label="Loading the sprint's items">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} h={28} />
          ))}
        </Stack>
      ) : page.rows.length === 0 ? (
        <NothingYet
          icon={<IconListCheck size={28} />}
          title="No items in this sprint"
          description={
            closed
              ? 'None is in it now: the completion record shows what it held.'
              : 'Plan backlog items into it from Planning.'
          }
          testId="sprint-items-empty"
        />
      ) : (
        <div style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <SprintItemTable rows={page.rows} onOpen={(row) => onOpen(row.id)} testId="sprint-items" />
          {pages > 1 && (
            <Group justify="flex-end" p="md" pt={0}>
              <Pagination
                total={pages}
                value={pageNum}
                onChange={setPageNum}
                size="sm"
                aria-label="Item pages"
              />
            </Group>
          )}
        </div>
      )}
    </Card>
  );
}
