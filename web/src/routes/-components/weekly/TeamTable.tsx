import { Paper, Title } from '@mantine/core';
import type { TeamWeekly } from '@shared/schemas/weekly';
import { LinkAnchor } from '../../../components/Links/Links';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { PersonCell, TextCell, YouBadge } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable } from '../../../kit/ListTable/ListTable';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { ReportStatusBadge } from './ReportStatusBadge';

type Member = TeamWeekly['members'][number];

/** Who of the project has submitted the week's report; a row with a report opens it. */
export function TeamTable({
  team,
  meId,
  onOpen,
}: {
  team: TeamWeekly;
  meId: string;
  onOpen: (reportId: string) => void;
}) {
  const { enterprise } = useCurrentEnterprise();
  // Another member's draft is theirs alone: only submitted reports (and my own) open.
  const opens = (member: Member) =>
    member.report !== null && (member.report.status === 'submitted' || member.user.userId === meId);
  const columns: ListColumn<Member>[] = [
    {
      key: 'member',
      title: 'Member',
      role: 'title',
      render: (member) => (
        <PersonCell name={member.user.nickname} login={member.user.login} size={28}>
          {member.user.userId === meId && <YouBadge />}
        </PersonCell>
      ),
    },
    {
      key: 'role',
      title: 'Role',
      role: 'tertiary',
      render: (member) => <TextCell value={member.role === 'manager' ? 'Manager' : 'Member'} />,
    },
    { key: 'status', title: 'Report', render: (member) => <ReportStatusBadge report={member.report} /> },
    {
      key: 'open',
      title: '',
      render: (member) =>
        opens(member) && member.report ? (
          <LinkAnchor
            size="sm"
            to="/$identifier/projects/$projectId/weekly/$memberWeeklyId"
            params={{
              identifier: enterprise.enterpriseIdentifier,
              projectId: team.project.id,
              memberWeeklyId: member.report.id,
            }}
            search={(search) => search}
          >
            Open report
          </LinkAnchor>
        ) : null,
    },
    {
      key: 'submitted',
      title: 'Submitted',
      role: 'secondary',
      render: (member) =>
        member.report?.submittedAt ? (
          <RelativeTime value={member.report.submittedAt} />
        ) : (
          <TextCell value={null} />
        ),
    },
  ];
  return (
    <Paper withBorder p="md" className="weekly-print-block">
      <Title order={3} fz="md" mb="xs">
        {`The team: ${team.submitted} of ${team.members.length} submitted`}
      </Title>
      <ListTable
        rows={team.members}
        rowKey={(member) => member.user.userId}
        columns={columns}
        compact
        testId="weekly-team"
        rowTestId={(member) => `team-member-${member.user.login}`}
        rowTitle={(member) => member.user.nickname}
        onOpen={(member) => opens(member) && member.report && onOpen(member.report.id)}
      />
    </Paper>
  );
}
