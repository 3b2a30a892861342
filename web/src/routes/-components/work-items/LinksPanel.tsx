import { ActionIcon, Button, Group, Select, Stack, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type IssueDetail, MAX_LINKS_PER_ISSUE } from '@shared/schemas/issues';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { issueSearchQueryOptions, useLinkIssue } from '../../../queries/issues';
import { COMBOBOX_PROPS } from './fields';
import { IssueRefList } from './IssueRefList';

interface LinksPanelProps {
  issue: IssueDetail;
  projectId: string;
  canEdit: boolean;
}

/** Related items of the same project: link one found by title or `#number`, unlink. */
export function LinksPanel({ issue, projectId, canEdit }: LinksPanelProps) {
  const [picking, setPicking] = useState(false);
  const link = useLinkIssue(projectId);
  const full = issue.links.length >= MAX_LINKS_PER_ISSUE;

  return (
    <Stack gap="sm">
      <IssueRefList
        items={issue.links}
        projectId={projectId}
        empty="No linked work items."
        actions={
          canEdit
            ? (item) => (
                <Tooltip label="Unlink">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Unlink #${item.issueNumber}`}
                    loading={link.isPending && link.variables?.linkedIssueId === item.id}
                    onClick={() =>
                      link.mutate(
                        { issueId: issue.id, linkedIssueId: item.id, unlink: true },
                        {
                          onSuccess: () =>
                            notifications.show({ color: 'green', message: `#${item.issueNumber} unlinked` }),
                        },
                      )
                    }
                  >
                    <IconLinkOff size={16} />
                  </ActionIcon>
                </Tooltip>
              )
            : undefined
        }
      />
      {canEdit &&
        (picking ? (
          <LinkPicker issue={issue} projectId={projectId} onDone={() => setPicking(false)} />
        ) : (
          <Group>
            <ActionButton
              variant="light"
              icon={IconLink}
              onClick={() => setPicking(true)}
              disabled={full}
              title={full ? `At most ${MAX_LINKS_PER_ISSUE} links` : undefined}
            >
              Link work item
            </ActionButton>
          </Group>
        ))}
    </Stack>
  );
}

interface LinkPickerProps {
  issue: IssueDetail;
  projectId: string;
  /** Closes the picker. */
  onDone: () => void;
}

/** Searches the project's other items (title words or #number) and links the one picked. */
function LinkPicker({ issue, projectId, onDone }: LinkPickerProps) {
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 250);
  const found = useQuery(issueSearchQueryOptions(projectId, keyword));
  const link = useLinkIssue(projectId);
  const options = useMemo(() => {
    const taken = new Set([issue.id, ...issue.links.map((item) => item.id)]);
    return (found.data?.rows ?? [])
      .filter((row) => !taken.has(row.id))
      .map((row) => ({ value: row.id, label: `#${row.issueNumber} ${row.title}` }));
  }, [found.data, issue.id, issue.links]);

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        data-autofocus
        label="Search work items"
        placeholder="Title words or #number"
        data={options}
        value={null}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // The server searched already (title words or #number).
        filter={({ options: all }) => all}
        nothingFoundMessage={found.isFetching ? 'Searching…' : 'No other item matches'}
        disabled={link.isPending}
        comboboxProps={COMBOBOX_PROPS}
        style={{ flex: 1 }}
        onChange={(linkedIssueId) => {
          if (!linkedIssueId) return;
          const label = options.find((option) => option.value === linkedIssueId)?.label ?? 'The item';
          link.mutate(
            { issueId: issue.id, linkedIssueId },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: `${label} linked` });
                onDone();
              },
            },
          );
        }}
      />
      <Button variant="default" onClick={onDone} disabled={link.isPending}>
        Cancel
      </Button>
    </Group>
  );
}
