import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReportDetail, ReportSummary, Template, WeekInfo } from '@shared/schemas/weekly';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { SectionLoadFailed } from '../../../kit/ListPage/ListPage';
import {
  personalIssuesQueryOptions,
  reportQueryOptions,
  templatesQueryOptions,
  useAddReport,
  useEditReport,
} from '../../../queries/weekly';
import { ItemPicker } from './ItemPicker';
import { ReportForm } from './ReportForm';
import { ReportStatusBadge } from './ReportStatusBadge';
import { ReportView } from './ReportView';
import {
  draftOf,
  dropItem,
  itemInputs,
  newDraft,
  pickItem,
  type ReportDraft,
  setCompletion,
} from './report-form';
import { closingDay } from './report-text';

/** The form around a draft: the sections, the picker and the save buttons. */
function DraftForm({
  projectId,
  week,
  sections,
  draft,
  onDraft,
  frozen,
  pending,
  onSave,
  saveLabel,
  onSubmit,
}: {
  projectId: string;
  week: WeekInfo;
  sections: Template['sections'];
  draft: ReportDraft;
  onDraft: (draft: ReportDraft) => void;
  frozen: boolean;
  pending: boolean;
  onSave: () => void;
  saveLabel: string;
  onSubmit?: () => void;
}) {
  return (
    <Stack gap="md">
      {!frozen && (
        <ItemPicker
          projectId={projectId}
          weekStart={week.weekStart}
          items={draft.items}
          onPick={(issue, list) => onDraft(pickItem(draft, issue, list))}
        />
      )}
      <ReportForm
        sections={sections}
        draft={draft}
        onChange={onDraft}
        controls={{
          frozen,
          onCompletion: (issueId, completion) => onDraft(setCompletion(draft, issueId, completion)),
          onDrop: (issueId) => onDraft(dropItem(draft, issueId)),
        }}
      />
      <Group justify="flex-end" className="weekly-no-print">
        <Button variant={onSubmit ? 'default' : 'filled'} loading={pending} onClick={onSave}>
          {saveLabel}
        </Button>
        {onSubmit && (
          <ActionButton size="sm" variant="filled" icon={IconSend} loading={pending} onClick={onSubmit}>
            Submit
          </ActionButton>
        )}
      </Group>
    </Stack>
  );
}

/** A report not begun yet: choose a template, fill it in, save a draft or submit. */
function NewReport({ projectId, week }: { projectId: string; week: WeekInfo }) {
  const templates = useQuery(templatesQueryOptions());
  const mine = useQuery(personalIssuesQueryOptions({ pmsProjectId: projectId, weekStart: week.weekStart }));
  // The draft is begun once both have loaded, and begun afresh only when another template is chosen
  // (a refetch of the items must not wipe what was typed).
  const [begun, setBegun] = useState<{ templateId: string; draft: ReportDraft } | null>(null);
  const add = useAddReport();
  const begin = (templateId: string) => {
    const chosen = templates.data?.find((t) => t.id === templateId);
    if (chosen && mine.data) setBegun({ templateId, draft: newDraft(chosen.sections, mine.data.planned) });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: begins once, when both answers are in
  useEffect(() => {
    if (!begun) begin('simple');
  }, [templates.data, mine.data]);
  if (templates.isError || mine.isError) {
    return (
      <SectionLoadFailed
        message="The templates or your items could not be loaded."
        onRetry={() => void Promise.all([templates.refetch(), mine.refetch()])}
      />
    );
  }
  const template = templates.data?.find((t) => t.id === begun?.templateId);
  if (!template || !begun) return <Skeleton h={220} />;
  const { templateId, draft } = begun;
  const setDraft = (next: ReportDraft) => setBegun({ templateId, draft: next });
  const save = (submit: boolean) =>
    add.mutate(
      {
        pmsProjectId: projectId,
        weekStart: week.weekStart,
        templateId,
        content: draft.content,
        items: itemInputs(draft),
        submit,
      },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: submit ? 'Weekly report submitted' : 'Draft saved' }),
      },
    );
  return (
    <Stack gap="md">
      <Select
        label="Template"
        className="weekly-no-print"
        data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={templateId}
        allowDeselect={false}
        onChange={(value) => value && begin(value)}
        w={280}
      />
      <DraftForm
        projectId={projectId}
        week={week}
        sections={template.sections}
        draft={draft}
        onDraft={setDraft}
        frozen={false}
        pending={add.isPending}
        saveLabel="Save draft"
        onSave={() => save(false)}
        onSubmit={() => save(true)}
      />
    </Stack>
  );
}

/** A report begun: editable by its author while the week is open (items only until submitted). */
function ExistingReport({ projectId, report }: { projectId: string; report: ReportDetail }) {
  const [draft, setDraft] = useState(() => draftOf(report));
  const edit = useEditReport(report.id);
  // The saved version (ours or reloaded after a conflict) is the form's new starting point.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the version on purpose
  useEffect(() => setDraft(draftOf(report)), [report.version]);
  if (!report.editable) return <ReportView report={report} />;
  const submitted = report.status === 'submitted';
  const save = (submit: boolean) =>
    edit.mutate(
      { version: report.version, content: draft.content, items: itemInputs(draft), submit },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: submit ? 'Weekly report submitted' : 'Report saved',
          }),
      },
    );
  return (
    <DraftForm
      projectId={projectId}
      week={report.week}
      sections={report.sections}
      draft={draft}
      onDraft={setDraft}
      frozen={submitted}
      pending={edit.isPending}
      saveLabel={submitted ? 'Save changes' : 'Save draft'}
      onSave={() => save(false)}
      onSubmit={submitted ? undefined : () => save(true)}
    />
  );
}

/** The caller's report of a project for a week: begin it, write it, submit it, edit its text. */
export function ReportEditor({
  projectId,
  week,
  report,
}: {
  projectId: string;
  week: WeekInfo;
  report: ReportSummary | null;
}) {
  const detail = useQuery({ ...reportQueryOptions(report?.id ?? ''), enabled: report !== null });
  return (
    <Paper withBorder p="md" data-testid="my-report">
      <Group justify="space-between" mb="md">
        <Title order={3} fz="md">
          My report
        </Title>
        <ReportStatusBadge report={report} />
      </Group>
      {report?.status === 'submitted' && (
        <Alert variant="light" color="green" icon={<IconInfoCircle size={18} />} mb="md">
          Submitted: its counts and items are kept as they were then. The text stays editable until the week
          closes at the end of {closingDay(week)} ({week.timeZone}).
        </Alert>
      )}
      {!report && week.state === 'closed' && (
        <Text c="dimmed" size="sm">
          This week is closed; no report was written for it.
        </Text>
      )}
      {!report && week.state !== 'closed' && <NewReport projectId={projectId} week={week} />}
      {report && detail.isPending && <Skeleton h={220} />}
      {report && detail.isError && (
        <SectionLoadFailed message="Your report could not be loaded." onRetry={() => void detail.refetch()} />
      )}
      {detail.data && <ExistingReport projectId={projectId} report={detail.data} />}
    </Paper>
  );
}
