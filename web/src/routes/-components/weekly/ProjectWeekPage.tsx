import { Group, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ProjectIssueCategory } from '@shared/domain/weekly';
import { IconBell, IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dimmable, LoadFailed } from '../../../kit/ListPage/ListPage';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { downloadWeek, teamWeekQueryOptions, useRemind } from '../../../queries/weekly';
import { CountsGrid } from './CountsGrid';
import { ReportEditor } from './ReportEditor';
import { TeamTable } from './TeamTable';
import { TrendChart } from './TrendChart';
import { WeekItems } from './WeekItems';
import { WeekPicker } from './WeekPicker';
import type { ProjectWeeklySearch } from './weekly-search';
import './weekly-print.css';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';

/**
 * `/projects/{id}/weekly` (report kind 5): the week's team, my own report of the project, the
 * project's counts with the weeks before, and its items of the week; export, print and remind.
 */
export function ProjectWeekPage({
  projectId,
  search,
  onSearch,
  onOpenReport,
}: {
  projectId: string;
  search: ProjectWeeklySearch;
  onSearch: (search: ProjectWeeklySearch) => void;
  onOpenReport: (id: string) => void;
}) {
  const { me } = useCurrentEnterprise();
  const query = useQuery(teamWeekQueryOptions({ pmsProjectId: projectId, weekStart: search.week }));
  const remind = useRemind(projectId);
  const [exporting, setExporting] = useState(false);
  const team = query.data;
  if (query.isPending) return <Skeleton h={320} />;
  if (!team) return <LoadFailed what="weekly reports" onRetry={() => void query.refetch()} />;
  const mine = team.members.find((member) => member.user.userId === me.userId);
  const exportWeek = () => {
    setExporting(true);
    void downloadWeek({ pmsProjectId: projectId, weekStart: team.week.weekStart }).finally(() =>
      setExporting(false),
    );
  };
  const remindMissing = () =>
    remind.mutate(
      { pmsProjectId: projectId, weekStart: team.week.weekStart },
      {
        onSuccess: ({ reminded }) =>
          notifications.show({
            color: 'green',
            message:
              reminded.length === 0
                ? 'Everyone has submitted'
                : `Reminded ${reminded.map((u) => u.nickname).join(', ')}`,
          }),
      },
    );
  return (
    <Dimmable dimmed={query.isPlaceholderData}>
      <Stack gap="md" className="weekly-print-page" data-testid="project-weekly">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {/* On screen the project's header names it; printed, the header is left out. */}
            <span className="weekly-print-only">{`${team.project.name} · `}</span>
            {`Weekly reports · ${team.week.label}`}
          </Title>
          <Group gap="xs" className="weekly-no-print">
            {team.manages && team.week.state !== 'closed' && team.missing > 0 && (
              <ActionButton
                size="sm"
                variant="light"
                icon={IconBell}
                loading={remind.isPending}
                onClick={remindMissing}
              >
                Remind the {team.missing} not submitted
              </ActionButton>
            )}
            <ActionButton size="sm" icon={IconFileSpreadsheet} loading={exporting} onClick={exportWeek}>
              Export .xlsx
            </ActionButton>
            <ActionButton size="sm" icon={IconPrinter} onClick={() => window.print()}>
              Print
            </ActionButton>
          </Group>
        </Group>
        <WeekPicker week={team.week} onChange={(week) => onSearch({ week })} />
        {mine && (
          <ReportEditor
            key={`${team.week.weekStart}`}
            projectId={projectId}
            week={team.week}
            report={mine.report}
          />
        )}
        <TeamTable team={team} meId={me.userId} onOpen={onOpenReport} />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <CountsGrid counts={team.counts} />
          <TrendChart trend={team.trend} />
        </SimpleGrid>
        <WeekItems
          projectId={projectId}
          weekStart={search.week}
          category={search.category ?? 'created'}
          pageNum={search.pageNum ?? 1}
          onChange={(change) =>
            onSearch({
              ...search,
              category: (change.category ?? search.category) as ProjectIssueCategory | undefined,
              pageNum: change.pageNum,
            })
          }
        />
      </Stack>
    </Dimmable>
  );
}
