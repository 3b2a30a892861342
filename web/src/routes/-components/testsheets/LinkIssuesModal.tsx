import { Badge, Checkbox, Group, ScrollArea, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MAX_SHEET_CASE_ISSUES } from '@shared/domain/testing';
import { ISSUE_KIND_LABELS, isIssueKind } from '@shared/domain/work-item-workflow';
import type { SheetCaseDetail } from '@shared/schemas/testruns';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BusyModal, ModalActions } from '../../../kit/FormModal/FormModal';
import { issueSearchQueryOptions } from '../../../queries/issues';
import { useLinkIssues } from '../../../queries/testsheets';
import { StatusBadge } from '../work-items/WorkItemBadges';

interface LinkIssuesModalProps {
  projectId: string;
  /** The case, and the work items it already links: shown checked and disabled. */
  sheetCase: Pick<SheetCaseDetail, 'id' | 'linkedIssues'>;
  onClose: () => void;
}

const KIND_COLORS: Record<number, string> = { 1: 'violet', 2: 'blue', 3: 'red' };

/**
 * Finds the project's work items (bugs first in mind, but any kind) by title or `#number` and links
 * them. Mounted while open: each opening starts with an empty search.
 */
export function LinkIssuesModal({ projectId, sheetCase, onClose }: LinkIssuesModalProps) {
  const linkedIds = sheetCase.linkedIssues.map((issue) => issue.id);
  const link = useLinkIssues(projectId);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<string[]>([]);
  const found = useQuery(issueSearchQueryOptions(projectId, keyword));
  const room = MAX_SHEET_CASE_ISSUES - linkedIds.length;

  function toggle(id: string) {
    setChosen((prev) => {
      if (prev.includes(id)) return prev.filter((other) => other !== id);
      if (prev.length >= room) {
        notifications.show({
          color: 'yellow',
          message: `A case links at most ${MAX_SHEET_CASE_ISSUES} work items`,
        });
        return prev;
      }
      return [...prev, id];
    });
  }

  function confirm() {
    link.mutate(
      { sheetCaseId: sheetCase.id, issueIds: chosen },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `${chosen.length} work ${chosen.length === 1 ? 'item' : 'items'} linked`,
          });
          onClose();
        },
      },
    );
  }

  const rows = found.data?.rows ?? [];
  return (
    <BusyModal opened busy={link.isPending} onClose={onClose} title="Link existing work items" size="lg">
      <Stack gap="sm">
        <TextInput
          data-autofocus
          placeholder="Search by title or #number"
          aria-label="Search work items"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <ScrollArea.Autosize mah={360} type="auto">
          {found.isPending ? (
            <Stack gap={6} aria-busy aria-label="Searching work items">
              <Skeleton h={28} />
              <Skeleton h={28} />
              <Skeleton h={28} />
            </Stack>
          ) : rows.length === 0 ? (
            <Text size="sm" c="dimmed" py="md" ta="center">
              {keyword ? 'No work item matches.' : 'The project has no work items yet.'}
            </Text>
          ) : (
            <Stack
              gap={2}
              style={{ opacity: found.isPlaceholderData ? 0.6 : 1 }}
              data-testid="link-issue-options"
            >
              {rows.map((item) => {
                const linked = linkedIds.includes(item.id);
                return (
                  <Group key={item.id} gap="sm" wrap="nowrap" py={4} px={4}>
                    <Checkbox
                      aria-label={`#${item.issueNumber} ${item.title}`}
                      checked={linked || chosen.includes(item.id)}
                      disabled={linked}
                      onChange={() => toggle(item.id)}
                    />
                    <Text size="sm" c="dimmed" w={48}>
                      #{item.issueNumber}
                    </Text>
                    <Text size="sm" truncate style={{ flex: 1 }} title={item.title}>
                      {item.title}
                    </Text>
                    {isIssueKind(item.pmIssueType) && (
                      <>
                        <Badge size="xs" variant="light" color={KIND_COLORS[item.pmIssueType]} tt="none">
                          {ISSUE_KIND_LABELS[item.pmIssueType].one}
                        </Badge>
                        <StatusBadge kind={item.pmIssueType} status={item.status} size="xs" />
                      </>
                    )}
                    {linked && (
                      <Text size="xs" c="dimmed">
                        linked
                      </Text>
                    )}
                  </Group>
                );
              })}
            </Stack>
          )}
        </ScrollArea.Autosize>
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {found.data && found.data.total > rows.length
              ? `The first ${rows.length} of ${found.data.total}: search to narrow down.`
              : ''}
          </Text>
          <ModalActions
            onCancel={onClose}
            pending={link.isPending}
            label={chosen.length === 0 ? 'Link' : `Link ${chosen.length}`}
            onConfirm={confirm}
            disabled={chosen.length === 0}
          />
        </Group>
      </Stack>
    </BusyModal>
  );
}
