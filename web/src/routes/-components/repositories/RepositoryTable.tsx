import { Badge, Code, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { PROVIDER_LABELS } from '@shared/domain/repositories';
import type { CommitSummary, Repository } from '@shared/schemas/repositories';
import { IconAlertTriangle, IconGitBranch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';

interface RepositoryTableProps<R extends Repository> {
  rows: R[];
  /** Show how many projects each is linked to (the enterprise's list). */
  showProjects?: boolean;
  actions?: (row: R) => ReactNode;
  testId?: string;
}

export function LastCommit({ commit }: { commit: CommitSummary | null }) {
  if (!commit) {
    return (
      <Text size="sm" c="dimmed">
        No commits yet
      </Text>
    );
  }
  return (
    <Stack gap={0} miw={0}>
      <Group gap={6} wrap="nowrap" miw={0}>
        <Code style={{ flexShrink: 0 }}>{commit.shortSha}</Code>
        <Text size="sm" truncate="end" title={commit.title}>
          {commit.title}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" truncate="end">
        {commit.author.name}
        {commit.branch ? ` on ${commit.branch}` : ''}
      </Text>
    </Stack>
  );
}

/** Repositories with their default branch, last commit and activity. */
export function RepositoryTable<R extends Repository>({
  rows,
  showProjects,
  actions,
  testId,
}: RepositoryTableProps<R>) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" data-testid={testId} style={{ tableLayout: 'fixed' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="28%">Repository</Table.Th>
            <Table.Th w={150}>Default branch</Table.Th>
            <Table.Th>Last commit</Table.Th>
            <Table.Th w={140}>Activity</Table.Th>
            {showProjects && <Table.Th w={90}>Projects</Table.Th>}
            {actions && (
              <Table.Th w={90} ta="right">
                Actions
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={`repository-row-${row.name}`}>
              <Table.Td>
                <Stack gap={2} miw={0}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={600} size="sm" truncate="end">
                      {row.name}
                    </Text>
                    <Badge size="xs" variant="light" color="gray" tt="none" style={{ flexShrink: 0 }}>
                      {PROVIDER_LABELS[row.provider]}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed" truncate="end" title={row.cloneUrl}>
                    {row.cloneUrl}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                {row.defaultBranch ? (
                  <Group gap={4} wrap="nowrap">
                    <IconGitBranch size={14} style={{ flexShrink: 0 }} />
                    <Text size="sm" truncate="end">
                      {row.defaultBranch}
                    </Text>
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    Empty
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {row.branchCount} {row.branchCount === 1 ? 'branch' : 'branches'}
                </Text>
              </Table.Td>
              <Table.Td>
                <LastCommit commit={row.lastCommit} />
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {row.lastActivityAt ? (
                    <RelativeTime value={row.lastActivityAt} size="sm" style={{ whiteSpace: 'nowrap' }} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      None yet
                    </Text>
                  )}
                  {row.status === 'error' && (
                    <Tooltip label={row.lastError ?? 'The last sync failed'} multiline w={280}>
                      <Badge
                        size="xs"
                        color="red"
                        variant="light"
                        leftSection={<IconAlertTriangle size={10} />}
                      >
                        Sync failed
                      </Badge>
                    </Tooltip>
                  )}
                </Stack>
              </Table.Td>
              {showProjects && (
                <Table.Td>
                  <Text size="sm">{row.linkedProjectCount}</Text>
                </Table.Td>
              )}
              {actions && (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {actions(row)}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
