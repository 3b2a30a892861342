import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PersonalWeekly, ReportSummary } from '@shared/schemas/weekly';
import { IconPrinter, IconReportAnalytics, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { PageTitle } from '../../../components/PageTitle/PageTitle';
import { Dimmable, LoadFailed, NothingYet } from '../../../kit/ListPage/ListPage';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { personalWeekQueryOptions } from '../../../queries/weekly';
import { NoticeList } from './NoticeList';
import { ReportStatusBadge } from './ReportStatusBadge';
import { WeekPageLink } from './WeekPageLink';
import { WeekPicker } from './WeekPicker';
import './weekly-print.css';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';

/** A link that opens a report in drawer 1 of this page, keeping the week. */
function OpenReport({
  report,
  week,
  children,
}: {
  report: ReportSummary;
  week?: string;
  children: ReactNode;
}) {
  const { enterprise } = useCurrentEnterprise();
  return (
    <LinkAnchor
      size="sm"
      to="/$identifier/weekly/$drawer/$memberWeeklyId"
      params={{ identifier: enterprise.enterpriseIdentifier, drawer: '1', memberWeeklyId: report.id }}
      search={{ week }}
    >
      {children}
    </LinkAnchor>
  );
}

function MyReports({ data, week }: { data: PersonalWeekly; week?: string }) {
  if (data.reports.length === 0) {
    return (
      <NothingYet
        icon={<IconReportAnalytics size={28} />}
        title="You are in no project yet"
        description="Weekly reports are written per project; once you join one, its report appears here."
        testId="no-projects"
      />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {data.reports.map(({ project, report }) => (
        <Paper
          key={project.id}
          withBorder
          p="md"
          className="weekly-print-block"
          data-testid={`my-report-${project.id}`}
        >
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600} lineClamp={2} title={project.name}>
                {project.name}
              </Text>
              <ReportStatusBadge report={report} />
            </Group>
            <Group gap="sm">
              {report && (
                <OpenReport report={report} week={week}>
                  Open my report
                </OpenReport>
              )}
              <WeekPageLink className="weekly-no-print" projectId={project.id} week={week}>
                {report ? 'Team view' : data.week.state === 'closed' ? 'Team view' : 'Write it'}
              </WeekPageLink>
            </Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function LedProjects({ data, week }: { data: PersonalWeekly; week?: string }) {
  const { enterprise } = useCurrentEnterprise();
  if (data.led.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Projects I lead
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {data.led.map((team) => (
          <Paper
            key={team.project.id}
            withBorder
            p="md"
            className="weekly-print-block"
            data-testid={`led-${team.project.id}`}
          >
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <LinkAnchor
                  fw={600}
                  to="/$identifier/projects/$projectId/weekly"
                  params={{ identifier: enterprise.enterpriseIdentifier, projectId: team.project.id }}
                  search={{ week }}
                >
                  {team.project.name}
                </LinkAnchor>
                <Text size="sm" c="dimmed">{`${team.submitted} of ${team.members} submitted`}</Text>
              </Group>
              {team.reports.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No report submitted yet.
                </Text>
              ) : (
                <Group gap="xs">
                  {team.reports.map((report) => (
                    <OpenReport key={report.id} report={report} week={week}>
                      {report.user.nickname}
                    </OpenReport>
                  ))}
                </Group>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * `/{identifier}/weekly`: my reports of the week across my projects, with my reminders, and the
 * reports of the projects I lead. A report opens in the drawers of `/weekly/1|2|3/{memberWeeklyId}`.
 */
export function PersonalWeekPage({ week, onWeek }: { week?: string; onWeek: (week?: string) => void }) {
  const query = useQuery(personalWeekQueryOptions(week));
  const { data } = query;
  return (
    <Stack gap="lg" maw={1200} className="weekly-print-page">
      <PageTitle title="Weekly reports">
        Your report of each of your projects for the week, and the team reports of the projects you lead.
      </PageTitle>
      {query.isPending && <Skeleton h={240} />}
      {query.isError && !data && <LoadFailed what="weekly reports" onRetry={() => void query.refetch()} />}
      {data && (
        <Dimmable dimmed={query.isPlaceholderData}>
          <Stack gap="lg">
            <WeekPicker week={data.week} onChange={onWeek} />
            <NoticeList notices={data.notices} />
            <Group gap="xs">
              <IconUsersGroup size={18} />
              <Title order={2} fz="lg">
                My reports
              </Title>
            </Group>
            <MyReports data={data} week={week} />
            <LedProjects data={data} week={week} />
            {data.reports.length > 0 && (
              <Group className="weekly-no-print">
                <ActionButton size="sm" icon={IconPrinter} onClick={() => window.print()}>
                  Print
                </ActionButton>
              </Group>
            )}
          </Stack>
        </Dimmable>
      )}
    </Stack>
  );
}
