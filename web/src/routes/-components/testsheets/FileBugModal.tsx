import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { caseCode } from '@shared/domain/testing';
import { FileBugBodySchema, type LinkedIssue, type SheetCaseDetail } from '@shared/schemas/testruns';
import { IconBug, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { BusyModal } from '../../../kit/FormModal/FormModal';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useFileBug } from '../../../queries/testsheets';
import { AssigneeSelect, PrioritySelect } from '../work-items/fields';

interface FileBugModalProps {
  projectId: string;
  sheetCase: SheetCaseDetail;
  onClose: () => void;
}

interface FileBugValues {
  title: string;
  priority: number;
  assigneeId: string | null;
}

/** The title the server would give the bug; shown so it can be edited before filing. */
export function defaultBugTitle(sheetCase: Pick<SheetCaseDetail, 'caseNumber' | 'title'>): string {
  return `[${caseCode(sheetCase.caseNumber)}] ${sheetCase.title} failed`;
}

function bodyOf(values: FileBugValues, sheetCaseId: string) {
  return {
    projectTestsheetCasesId: sheetCaseId,
    title: values.title,
    priority: values.priority as 1 | 2 | 3 | 4,
    assigneeId: values.assigneeId,
  };
}

/**
 * Files a bug from a sheet case: the server writes its description from the case (preconditions,
 * steps, expected results) and the latest run's note, and links it in the same write. Title,
 * priority and assignee can be changed here first.
 */
export function FileBugModal({ projectId, sheetCase, onClose }: FileBugModalProps) {
  const file = useFileBug(projectId);
  const [filed, setFiled] = useState<LinkedIssue | null>(null);
  const form = useForm<FileBugValues>({
    initialValues: {
      title: defaultBugTitle(sheetCase),
      priority: sheetCase.priority,
      assigneeId: sheetCase.assignee?.userId ?? null,
    },
    validate: (values) => zodResolver(FileBugBodySchema)(bodyOf(values, sheetCase.id)),
  });

  const submit = form.onSubmit((values) =>
    file.mutate(bodyOf(values, sheetCase.id), {
      onSuccess: ({ link }) => setFiled(link.issue),
      onError: (error) => showServerFieldError(form, error),
    }),
  );

  return (
    <BusyModal
      opened
      busy={file.isPending}
      onClose={onClose}
      title={filed ? 'Bug filed' : `File a bug from ${caseCode(sheetCase.caseNumber)}`}
      size="lg"
    >
      {filed ? (
        <Filed issue={filed} projectId={projectId} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput data-autofocus label="Title" withAsterisk {...form.getInputProps('title')} />
            <Group grow align="flex-start">
              <PrioritySelect form={form} />
              <AssigneeSelect projectId={projectId} form={form} />
            </Group>
            <Alert variant="light" color="gray" icon={<IconBug size={18} />}>
              The description is written from the case: its preconditions, the steps with their expected
              results and the note of the latest run{sheetCase.note ? '' : ' (none yet)'}. The bug is linked
              to this case in the same step.
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={file.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="red" leftSection={<IconBug size={16} />} loading={file.isPending}>
                File bug
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </BusyModal>
  );
}

function Filed({
  issue,
  projectId,
  onClose,
}: {
  issue: LinkedIssue;
  projectId: string;
  onClose: () => void;
}) {
  const { enterprise } = useCurrentEnterprise();
  return (
    <Stack gap="md" data-testid="bug-filed">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconCircleCheck size={22} color="var(--mantine-color-green-6)" style={{ flexShrink: 0 }} />
        <Text size="sm">
          <LinkAnchor
            to="/$identifier/projects/$projectId/bug/$workItemId"
            params={{ identifier: enterprise.enterpriseIdentifier, projectId, workItemId: issue.id }}
            fw={600}
          >
            #{issue.issueNumber} {issue.title}
          </LinkAnchor>{' '}
          was filed and linked to this case.
        </Text>
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
