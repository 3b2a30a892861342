import { ActionIcon, Alert, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { caseCode, MAX_ITEM_CASES, MAX_LINK_CASES } from '@shared/domain/testing';
import type { CaseRow } from '@shared/schemas/testcases';
import { IconAlertTriangle, IconLink, IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { LinkAnchor } from '../../../components/Links/Links';
import { RefList } from '../../../components/RefList/RefList';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { SectionLoadFailed } from '../../../kit/ListPage/ListPage';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { type CaseListParams, caseListQueryOptions, useLinkTestcases } from '../../../queries/testcases';
import { CaseSelectModal } from '../testcases/CaseSelectModal';
import { PriorityBadge } from './WorkItemBadges';

interface TestCasesPanelProps {
  issueId: string;
  projectId: string;
  /** May link and unlink: `project:issue:edit` and `test:case:list` (the picker lists the library). */
  canEdit: boolean;
}

/** The list call for the cases linked to the item: all of them fit on one page. */
const linkedParams = (projectId: string, issueId: string): CaseListParams => ({
  pmsProjectId: projectId,
  issueId,
  pageNum: 1,
  pageSize: MAX_ITEM_CASES,
});

const casesWord = (count: number) => (count === 1 ? '1 case' : `${count} cases`);

/** The test cases a work item is linked to: each opens in the Tests area; link more, unlink. */
export function TestCasesPanel({ issueId, projectId, canEdit }: TestCasesPanelProps) {
  const linked = useQuery(caseListQueryOptions(linkedParams(projectId, issueId)));
  const link = useLinkTestcases(projectId);
  const unlink = useLinkTestcases(projectId);
  const [picking, setPicking] = useState(false);
  const rows = linked.data?.rows ?? [];
  const room = MAX_ITEM_CASES - (linked.data?.total ?? 0);

  function openPicker() {
    link.reset();
    setPicking(true);
  }

  function linkCases(caseIds: string[]) {
    link.mutate(
      { issueId, link: caseIds },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${casesWord(caseIds.length)} linked` });
          setPicking(false);
        },
      },
    );
  }

  function unlinkCase(row: CaseRow) {
    unlink.mutate(
      { issueId, unlink: [row.id] },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: `${caseCode(row.caseNumber)} unlinked` }),
      },
    );
  }

  return (
    <Stack gap="sm" data-testid="linked-cases">
      <LinkedCaseList
        loading={linked.isPending}
        error={linked.isError ? linked.error : null}
        onRetry={() => linked.refetch()}
        rows={rows}
        projectId={projectId}
        onUnlink={canEdit ? unlinkCase : undefined}
        unlinking={unlink.isPending ? unlink.variables?.unlink : undefined}
      />
      {unlink.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {errorText(unlink.error)}
        </Alert>
      )}
      {canEdit && (
        <Group>
          <ActionButton
            variant="light"
            icon={IconLink}
            onClick={openPicker}
            disabled={!linked.isSuccess || room <= 0}
            title={linked.isSuccess && room <= 0 ? `At most ${MAX_ITEM_CASES} cases` : undefined}
          >
            Link cases
          </ActionButton>
        </Group>
      )}
      {canEdit && (
        <CaseSelectModal
          projectId={projectId}
          opened={picking}
          onClose={() => setPicking(false)}
          onConfirm={linkCases}
          loading={link.isPending}
          error={link.isError ? errorText(link.error) : null}
          title="Link cases"
          excludeIds={rows.map((row) => row.id)}
          excludedReason="Already linked"
          limit={{
            max: Math.max(0, Math.min(room, MAX_LINK_CASES)),
            message: `A work item may be linked to at most ${MAX_ITEM_CASES} cases`,
          }}
          confirmLabel={(count) => `Link ${casesWord(count)}`}
        />
      )}
    </Stack>
  );
}

interface LinkedCaseListProps {
  loading: boolean;
  /** Why the list could not be loaded; null when it was. */
  error: Error | null;
  onRetry: () => void;
  rows: readonly CaseRow[];
  projectId: string;
  /** Without it the rows have no unlink button (a reader). */
  onUnlink?: (row: CaseRow) => void;
  /** The case ids being unlinked right now. */
  unlinking?: readonly string[];
}

function LinkedCaseList({
  loading,
  error,
  onRetry,
  rows,
  projectId,
  onUnlink,
  unlinking,
}: LinkedCaseListProps) {
  if (loading) {
    return (
      <Stack gap="xs" aria-busy aria-label="Loading the linked cases">
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (error) {
    return (
      <SectionLoadFailed
        message={`The linked cases could not be loaded: ${errorText(error)}`}
        onRetry={onRetry}
      />
    );
  }
  return (
    <RefList
      items={rows}
      empty="No linked test cases."
      keyOf={(row) => row.id}
      testIdOf={(row) => `linked-case-${row.caseNumber}`}
      start={(row) => <CaseLink row={row} projectId={projectId} />}
      end={(row) => (
        <>
          <PriorityBadge priority={row.priority} size="sm" />
          {onUnlink && (
            <Tooltip label="Unlink">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Unlink ${caseCode(row.caseNumber)}`}
                loading={unlinking?.includes(row.id) ?? false}
                onClick={() => onUnlink(row)}
              >
                <IconLinkOff size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </>
      )}
    />
  );
}

/** `TC-12 Title`: the case in its drawer over the project's case library. */
function CaseLink({ row, projectId }: { row: CaseRow; projectId: string }) {
  const { enterprise } = useCurrentEnterprise();
  return (
    <LinkAnchor
      to="/$identifier/projects/$projectId/test/$testType/caseDetail/$caseId"
      params={{ identifier: enterprise.enterpriseIdentifier, projectId, testType: 'case', caseId: row.id }}
      size="sm"
      lineClamp={1}
      miw={0}
    >
      <Text span inherit c="dimmed" ff="monospace">
        {caseCode(row.caseNumber)}
      </Text>{' '}
      {row.title}
    </LinkAnchor>
  );
}
