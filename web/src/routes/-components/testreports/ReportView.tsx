import { Alert, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReportDetail, ReportUpdateBodySchema } from '@shared/schemas/testruns';
import { IconArrowLeft, IconCamera, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Markdown } from '../../../components/Markdown/Markdown';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { ConfirmedAction } from '../../../kit/ConfirmedAction/ConfirmedAction';
import { ModalActions } from '../../../kit/FormModal/FormModal';
import { TitleInput } from '../../../kit/FormModal/fields';
import { RowAction } from '../../../kit/ListTable/RowActions';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { fullDateTime } from '../../../lib/relative-time';
import { reportQueryOptions, useDeleteReports, useUpdateReport } from '../../../queries/testreports';
import { displayName } from '../work-items/WorkItemBadges';
import { MarkdownField } from './MarkdownField';
import { ReportCharts } from './ReportCharts';
import { ReportBugsTable, ReportCasesTable } from './ReportTables';

interface ReportViewProps {
  projectId: string;
  reportId: string;
  onBack: () => void;
  onDeleted: () => void;
}

/** One report: its header, the editable name and summary, the charts and the snapshot's tables. */
export function ReportView({ projectId, reportId, onBack, onDeleted }: ReportViewProps) {
  const { data: report } = useQuery(reportQueryOptions(projectId, reportId));
  if (!report) {
    return (
      <Stack gap="md" aria-busy aria-label="Loading the report">
        <Skeleton h={140} radius="md" />
        <Skeleton h={300} radius="md" />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <ActionButton variant="subtle" size="compact-sm" w="fit-content" icon={IconArrowLeft} onClick={onBack}>
        All reports
      </ActionButton>
      <ReportHeader projectId={projectId} report={report} onDeleted={onDeleted} />
      <ReportCharts projectId={projectId} reportId={reportId} />
      <ReportCasesTable cases={report.cases} />
      <ReportBugsTable projectId={projectId} bugs={report.bugs} />
    </Stack>
  );
}

/** What the parts of a report's header work on: the report as read, in its project. */
interface ReportPartProps {
  projectId: string;
  report: ReportDetail;
}

function ReportHeader({ projectId, report, onDeleted }: ReportPartProps & { onDeleted: () => void }) {
  const { can } = useCurrentEnterprise();
  const canEdit = can('test:report:edit');
  const canRemove = can('test:report:remove');
  const [editing, setEditing] = useState(false);
  const remove = useDeleteReports(projectId);

  return (
    <Card data-testid="report-header">
      <Stack gap="sm">
        {editing ? (
          <ReportEditor projectId={projectId} report={report} onDone={() => setEditing(false)} />
        ) : (
          <>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4} miw={0}>
                <Title order={2} fz={22}>
                  {report.name}
                </Title>
                <Text size="sm" c="dimmed">
                  From the sheet <b>{report.sheetName}</b> · made by {displayName(report.creator)} on{' '}
                  {fullDateTime(report.createdAt)}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                {canEdit && (
                  <ActionButton icon={IconPencil} onClick={() => setEditing(true)}>
                    Edit
                  </ActionButton>
                )}
                {canRemove && (
                  <ConfirmedAction
                    trigger={(open) => (
                      <RowAction
                        tooltip="Delete report"
                        label={`Delete ${report.name}`}
                        icon={<IconTrash size={16} />}
                        size="lg"
                        onClick={open}
                      />
                    )}
                    title={`Delete ${report.name}?`}
                    loading={remove.isPending}
                    onConfirm={(close) =>
                      remove.mutate([report.id], {
                        onSuccess: () => {
                          notifications.show({ color: 'green', message: `“${report.name}” deleted` });
                          close();
                          onDeleted();
                        },
                      })
                    }
                  >
                    <Text size="sm">
                      The report and its snapshot go; the sheet and its results stay. This cannot be undone.
                    </Text>
                  </ConfirmedAction>
                )}
              </Group>
            </Group>
            <Alert
              variant="light"
              color="blue"
              icon={<IconCamera size={18} />}
              p="xs"
              data-testid="snapshot-note"
            >
              Snapshot of {fullDateTime(report.createdAt)}: the results and bugs below are as they were then,
              and later runs or edits in the sheet do not change them.
            </Alert>
            {report.summary.trim() ? (
              <Markdown>{report.summary}</Markdown>
            ) : (
              <Text size="sm" c="dimmed">
                No summary written.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Name and summary, saved at the version read (the snapshot itself cannot be edited). */
function ReportEditor({ projectId, report, onDone }: ReportPartProps & { onDone: () => void }) {
  const update = useUpdateReport(projectId);
  const [name, setName] = useState(report.name);
  const [summary, setSummary] = useState(report.summary);
  const [errors, setErrors] = useState<{ name?: string; summary?: string }>({});

  function save() {
    const body = { version: report.version, name, summary };
    const parsed = ReportUpdateBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: { name?: string; summary?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'summary') && !found[field]) found[field] = issue.message;
      }
      return setErrors(found);
    }
    if (parsed.data.name === report.name && (parsed.data.summary ?? '') === report.summary) return onDone();
    update.mutate(
      { id: report.id, body: parsed.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Report saved' });
          onDone();
        },
      },
    );
  }

  return (
    <Stack gap="sm">
      <TitleInput
        label="Name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errors.name}
      />
      <MarkdownField
        label="Summary"
        value={summary}
        onChange={(event) => setSummary(event.currentTarget.value)}
        error={errors.summary}
        minRows={6}
      />
      <ModalActions onCancel={onDone} pending={update.isPending} label="Save" onConfirm={save} />
    </Stack>
  );
}
