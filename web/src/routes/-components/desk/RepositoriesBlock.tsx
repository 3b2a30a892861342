import { Badge, Group, Stack, Text } from '@mantine/core';
import type { RepositoryActivity } from '@shared/schemas/dashboard';
import { IconGitBranch, IconGitCommit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EChart } from '../../../components/Chart/EChart';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { myRepositoriesQueryOptions } from '../../../queries/dashboard';
import { DeskBlock, DeskLink, RowLabel } from './DeskBlock';
import { commitSparkline } from './desk-charts';

/** Repositories shown; the others are one click away on the code page. */
const SHOWN = 5;

function RepositoryRow({ repository, days }: { repository: RepositoryActivity; days: number }) {
  const option = useMemo(() => commitSparkline(repository.commitsByDay), [repository.commitsByDay]);
  return (
    <Stack gap={4} data-testid="desk-repository">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <RowLabel
          detail={`${repository.projects.map((p) => p.name).join(', ')} · ${repository.branchCount} branches`}
        >
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={500} truncate>
              {repository.name}
            </Text>
            {repository.status === 'error' && (
              <Badge size="xs" color="red" variant="light">
                Sync failing
              </Badge>
            )}
          </Group>
        </RowLabel>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {repository.commits} in {days} days
        </Text>
      </Group>
      <EChart option={option} ariaLabel={`Commits of ${repository.name} per day`} height={36} />
      {repository.lastCommit && (
        <Group gap={6} wrap="nowrap">
          <IconGitCommit size={14} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
          <Text size="xs" truncate title={repository.lastCommit.title}>
            {repository.lastCommit.shortSha} {repository.lastCommit.title}
          </Text>
          {repository.lastActivityAt && (
            <RelativeTime value={repository.lastActivityAt} style={{ flexShrink: 0 }} />
          )}
        </Group>
      )}
    </Stack>
  );
}

/** The repositories linked to my projects, with their commits on my projects' items. */
export function RepositoriesBlock() {
  const query = useQuery(myRepositoriesQueryOptions());
  const rows = query.data?.rows ?? [];
  const codes = (
    <DeskLink to="/$identifier/codes" size="xs">
      All repositories
    </DeskLink>
  );
  return (
    <DeskBlock
      title="Code activity"
      what="your repositories"
      icon={IconGitBranch}
      aside={rows.length > SHOWN && codes}
      query={query}
      isEmpty={rows.length === 0}
      testId="desk-repositories"
      empty={{
        title: 'No repository is linked to your projects',
        description:
          'Connect a repository and link it to a project; commits that name work items (#12) show here.',
        action: codes,
      }}
    >
      <Stack gap="md">
        {rows.slice(0, SHOWN).map((repository) => (
          <RepositoryRow key={repository.id} repository={repository} days={query.data!.days} />
        ))}
      </Stack>
    </DeskBlock>
  );
}
