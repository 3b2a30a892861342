import {
  Badge,
  Divider,
  Drawer,
  Group,
  Kbd,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { caseCode, TEST_RESULT, type TestResultId } from '@shared/domain/testing';
import { isIssueKind } from '@shared/domain/work-item-workflow';
import type { LinkedIssue, SheetCaseDetail } from '@shared/schemas/testruns';
import { IconBug, IconLink, IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { LinkAnchor } from '../../../components/Links/Links';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { RowAction } from '../../../kit/ListTable/RowActions';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { sheetCaseQueryOptions, useLinkIssues, useRecordResult } from '../../../queries/testsheets';
import { CaseDrawerTitle } from '../testcases/fields';
import { StepsTable } from '../testcases/StepsTable';
import { KIND_ROUTES } from '../work-items/kinds';
import { displayName, PriorityBadge, StatusBadge, UserChip } from '../work-items/WorkItemBadges';
import { FileBugModal } from './FileBugModal';
import { LinkIssuesModal } from './LinkIssuesModal';
import { RESULT_ACTIONS } from './ResultActions';
import { ResultBadge } from './ResultBadges';
import { resultColor } from './result-counts';
import { RESULT_SHORTCUTS, resultForKey, SHORTCUT_HINT } from './result-keys';

interface SheetCaseDrawerProps {
  projectId: string;
  sheetCaseId: string;
  onClose: () => void;
}

/** A case of the sheet over the sheet page: its content, recording a result, runs and linked items. */
export function SheetCaseDrawer({ projectId, sheetCaseId, onClose }: SheetCaseDrawerProps) {
  const { data } = useQuery(sheetCaseQueryOptions(projectId, sheetCaseId));
  // Mantine closes every open modal on Escape: while a dialog is open over the drawer, Escape is
  // that dialog's alone.
  const [covered, setCovered] = useState(false);
  return (
    <Drawer
      opened
      onClose={onClose}
      closeOnEscape={!covered}
      position="right"
      size="min(820px, 100vw)"
      padding="lg"
      title={<CaseDrawerTitle item={data} />}
    >
      {data ? (
        <SheetCaseBody projectId={projectId} sheetCase={data} covered={covered} onCovered={setCovered} />
      ) : (
        <DrawerSkeleton />
      )}
    </Drawer>
  );
}

function DrawerSkeleton() {
  return (
    <Stack gap="md" aria-busy aria-label="Loading the case">
      <Skeleton h={28} w="60%" />
      <Skeleton h={80} />
      <Skeleton h={140} />
    </Stack>
  );
}

function SheetCaseBody({
  projectId,
  sheetCase,
  covered,
  onCovered,
}: {
  projectId: string;
  sheetCase: SheetCaseDetail;
  /** A dialog is open over the drawer. */
  covered: boolean;
  onCovered: (covered: boolean) => void;
}) {
  const canExecute = useCurrentEnterprise().can('test:sheet:execute');
  return (
    <Stack gap="lg">
      <Group gap="md">
        <ResultBadge result={sheetCase.result} size="lg" />
        <PriorityBadge priority={sheetCase.priority} />
        <Text size="sm" c="dimmed">
          {sheetCase.moduleName || 'No module'}
        </Text>
        {sheetCase.caseDeleted && (
          <Badge color="gray" variant="outline">
            Deleted from the library
          </Badge>
        )}
      </Group>

      {canExecute && (
        <RecordResult
          projectId={projectId}
          sheetCase={sheetCase}
          // Keys belong to a dialog while one is open over the drawer.
          keysEnabled={!covered}
        />
      )}

      <CaseContent sheetCase={sheetCase} />

      <LinkedIssues projectId={projectId} sheetCase={sheetCase} onCovered={onCovered} />

      <RunHistory sheetCase={sheetCase} />
    </Stack>
  );
}

/** The heading of one of the drawer's sections. */
function Heading({ children }: { children: ReactNode }) {
  return (
    <Title order={3} fz="md">
      {children}
    </Title>
  );
}

/** The result buttons with a note; P, F, B and S record from the keyboard outside text fields. */
function RecordResult({
  projectId,
  sheetCase,
  keysEnabled,
}: {
  projectId: string;
  sheetCase: SheetCaseDetail;
  keysEnabled: boolean;
}) {
  const record = useRecordResult(projectId);
  const [note, setNote] = useState('');
  const latest = useRef({ sheetCase, note, pending: false });
  latest.current = { sheetCase, note, pending: record.isPending };

  function save(result: TestResultId) {
    const { sheetCase: current, note: text, pending } = latest.current;
    if (pending) return;
    record.mutate(
      { id: current.id, body: { result, note: text.trim() || undefined, version: current.version } },
      {
        onSuccess: (row) => {
          setNote('');
          notifications.show({
            color: resultColor(row.result),
            message: `${caseCode(row.caseNumber)}: ${row.resultName}`,
          });
        },
      },
    );
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `save` reads the latest values through a ref
  useEffect(() => {
    if (!keysEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const result = resultForKey(event);
      if (result === null) return;
      event.preventDefault();
      save(result as TestResultId);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [keysEnabled]);

  return (
    <Stack
      gap="xs"
      p="sm"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Group justify="space-between">
        <Heading>Record a result</Heading>
        <Text size="xs" c="dimmed" data-testid="result-key-hint" title={SHORTCUT_HINT}>
          {RESULT_SHORTCUTS.map((shortcut) => (
            <span key={shortcut.key} style={{ marginLeft: 8 }}>
              <Kbd size="xs">{shortcut.key.toUpperCase()}</Kbd> {shortcut.word}
            </span>
          ))}
        </Text>
      </Group>
      <Textarea
        placeholder="Note for this run: the actual result, what blocked it… (optional)"
        aria-label="Note for this run"
        autosize
        minRows={2}
        maxRows={6}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
      />
      <Group gap="xs">
        {RESULT_ACTIONS.map((action) => {
          const pointless =
            action.result === TEST_RESULT.notExecuted && sheetCase.result === TEST_RESULT.notExecuted;
          return (
            <ActionButton
              key={action.result}
              color={action.color}
              variant={sheetCase.result === action.result && !pointless ? 'filled' : 'light'}
              icon={action.icon}
              disabled={pointless}
              loading={record.isPending && record.variables?.body.result === action.result}
              onClick={() => save(action.result)}
            >
              {action.label}
            </ActionButton>
          );
        })}
      </Group>
    </Stack>
  );
}

function CaseContent({ sheetCase }: { sheetCase: SheetCaseDetail }) {
  return (
    <Stack gap="sm">
      <Heading>Preconditions</Heading>
      <Text size="sm" c={sheetCase.precondition ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
        {sheetCase.precondition || 'None.'}
      </Text>
      <Heading>Steps</Heading>
      <StepsTable
        steps={sheetCase.steps}
        empty={
          sheetCase.caseDeleted
            ? 'The case was deleted from the library with its steps.'
            : 'No steps written.'
        }
      />
    </Stack>
  );
}

/**
 * The case's linked work items, and for those who run the sheet: link existing ones, file a bug,
 * unlink. `onCovered` says while one of their dialogs is open over the drawer.
 */
function LinkedIssues({
  projectId,
  sheetCase,
  onCovered,
}: {
  projectId: string;
  sheetCase: SheetCaseDetail;
  onCovered: (covered: boolean) => void;
}) {
  const { enterprise, can } = useCurrentEnterprise();
  const canExecute = can('test:sheet:execute');
  const canFile = canExecute && can('project:issue:add');
  const [filing, setFiling] = useState(false);
  const [linking, setLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<LinkedIssue | null>(null);
  const unlink = useLinkIssues(projectId);
  const { id: sheetCaseId, linkedIssues: issues } = sheetCase;
  const covered = filing || linking || unlinking !== null;

  useEffect(() => onCovered(covered), [covered, onCovered]);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Heading>Linked work items</Heading>
        {canExecute && (
          <Group gap="xs">
            <ActionButton icon={IconLink} onClick={() => setLinking(true)}>
              Link existing
            </ActionButton>
            {canFile && (
              <ActionButton
                color="red"
                variant={sheetCase.result === TEST_RESULT.failed ? 'filled' : 'light'}
                icon={IconBug}
                onClick={() => setFiling(true)}
              >
                File a bug
              </ActionButton>
            )}
          </Group>
        )}
      </Group>
      {issues.length === 0 ? (
        <Text size="sm" c="dimmed">
          No work items linked yet.
        </Text>
      ) : (
        <Stack gap={6} data-testid="linked-issues">
          {issues.map((issue) => (
            <Group key={issue.id} gap="sm" wrap="nowrap">
              {isIssueKind(issue.pmIssueType) ? (
                <LinkAnchor
                  to={KIND_ROUTES[issue.pmIssueType].detail}
                  params={{ identifier: enterprise.enterpriseIdentifier, projectId, workItemId: issue.id }}
                  size="sm"
                  style={{ flex: 1, minWidth: 0 }}
                  truncate
                >
                  #{issue.issueNumber} {issue.title}
                </LinkAnchor>
              ) : (
                <Text size="sm" style={{ flex: 1 }} truncate>
                  #{issue.issueNumber} {issue.title}
                </Text>
              )}
              <PriorityBadge priority={issue.priority} size="sm" />
              {isIssueKind(issue.pmIssueType) && (
                <StatusBadge kind={issue.pmIssueType} status={issue.status} size="sm" />
              )}
              <UserChip user={issue.assignee} />
              {canExecute && (
                <RowAction
                  tooltip="Unlink"
                  label={`Unlink #${issue.issueNumber}`}
                  icon={<IconLinkOff size={16} />}
                  onClick={() => setUnlinking(issue)}
                />
              )}
            </Group>
          ))}
          <ConfirmModal
            opened={unlinking !== null}
            onClose={() => setUnlinking(null)}
            title={unlinking ? `Unlink #${unlinking.issueNumber}?` : 'Unlink'}
            confirmLabel="Unlink"
            loading={unlink.isPending}
            onConfirm={() => {
              if (!unlinking) return;
              unlink.mutate(
                { sheetCaseId, issueIds: [unlinking.id], unlink: true },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: `#${unlinking.issueNumber} unlinked` });
                    setUnlinking(null);
                  },
                },
              );
            }}
          >
            <Text size="sm">“{unlinking?.title}” stays in the project; only its link to this case goes.</Text>
          </ConfirmModal>
        </Stack>
      )}

      {/* Mounted while open only: they fetch the project's members and work items. */}
      {canFile && filing && (
        <FileBugModal projectId={projectId} sheetCase={sheetCase} onClose={() => setFiling(false)} />
      )}
      {canExecute && linking && (
        <LinkIssuesModal projectId={projectId} sheetCase={sheetCase} onClose={() => setLinking(false)} />
      )}
    </Stack>
  );
}

function RunHistory({ sheetCase }: { sheetCase: SheetCaseDetail }) {
  return (
    <Stack gap="sm">
      <Divider />
      <Heading>Run history</Heading>
      {sheetCase.runs.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not run yet.
        </Text>
      ) : (
        // Every run is done: all bullets filled, each in its result's colour.
        <Timeline bulletSize={14} lineWidth={2} active={sheetCase.runs.length - 1} data-testid="run-history">
          {sheetCase.runs.map((run) => (
            <Timeline.Item
              key={`${run.executedAt}-${run.result}`}
              color={resultColor(run.result)}
              title={
                <Group gap="xs">
                  <ResultBadge result={run.result} size="sm" />
                  <Text size="sm">{displayName(run.executor)}</Text>
                  <RelativeTime value={run.executedAt} />
                </Group>
              }
            >
              {run.note && (
                <Text size="sm" c="dimmed" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {run.note}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
