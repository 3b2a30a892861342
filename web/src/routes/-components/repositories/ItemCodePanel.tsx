import {
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { branchNameForItem, branchNameProblem } from '@shared/domain/repositories';
import type { IssueDetail } from '@shared/schemas/issues';
import type { ItemCommit } from '@shared/schemas/repositories';
import { IconGitBranch, IconGitCommit, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { showServerFieldError } from '../../../lib/server-errors';
import {
  branchesQueryOptions,
  itemBranchesQueryOptions,
  itemCommitsQueryOptions,
  projectRepositoriesQueryOptions,
  useCreateItemBranch,
} from '../../../queries/repositories';
import { StateBadge } from '../pipelines/PipelineIcon';
import { COMBOBOX_PROPS } from '../work-items/fields';

interface BranchValues {
  repositoryId: string | null;
  name: string;
  from: string | null;
}

/** The work item's code: its branches (with Create branch) and the commits that mention it. */
export function ItemCodePanel({
  issue,
  projectId,
  canCreateBranch,
}: {
  issue: IssueDetail;
  projectId: string;
  canCreateBranch: boolean;
}) {
  const branches = useQuery(itemBranchesQueryOptions(issue.id));
  const commits = useQuery(itemCommitsQueryOptions(issue.id));
  const [creating, setCreating] = useState(false);

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} fz="sm">
            Branches
          </Title>
          {canCreateBranch && !creating && (
            <ActionButton variant="light" icon={IconPlus} onClick={() => setCreating(true)}>
              Create branch
            </ActionButton>
          )}
        </Group>
        {creating && (
          <CreateBranchForm issue={issue} projectId={projectId} onDone={() => setCreating(false)} />
        )}
        {!branches.data ? (
          <Skeleton h={36} />
        ) : branches.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No branches yet. Branches named after the item (like {branchNameForItem(issue)}) show here.
          </Text>
        ) : (
          <Stack gap={6} data-testid="item-branches">
            {branches.data.map((branch) => (
              <Group key={`${branch.repositoryId}/${branch.name}`} gap="xs" wrap="nowrap">
                <IconGitBranch size={16} style={{ flexShrink: 0 }} />
                <Text size="sm" fw={500} td={branch.deleted ? 'line-through' : undefined} truncate="end">
                  {branch.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  in {branch.repositoryName}
                </Text>
                {branch.deleted && (
                  <Badge size="xs" color="gray" variant="light">
                    Deleted
                  </Badge>
                )}
                <RelativeTime value={branch.createdAt} style={{ flexShrink: 0 }} />
              </Group>
            ))}
          </Stack>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={3} fz="sm">
          Commits
        </Title>
        {!commits.data ? (
          <Skeleton h={48} />
        ) : commits.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No commits mention #{issue.issueNumber} yet. Write “#{issue.issueNumber}” in a commit message of a
            linked repository and it appears here.
          </Text>
        ) : (
          <Stack gap="xs" data-testid="item-commits">
            {commits.data.map((commit) => (
              <Paper key={`${commit.repositoryId}/${commit.sha}`} withBorder p="xs">
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <IconGitCommit size={18} style={{ flexShrink: 0, marginTop: 2 }} />
                  <Stack gap={2} miw={0} style={{ flex: 1 }}>
                    <Text size="sm" fw={500} lineClamp={2}>
                      {commit.title}
                    </Text>
                    <Group gap={6}>
                      <Code>{commit.shortSha}</Code>
                      <Text size="xs" c="dimmed">
                        {commit.author.name} · {commit.repositoryName}
                        {commit.branch ? ` / ${commit.branch}` : ''} ·
                      </Text>
                      <RelativeTime value={commit.authoredAt} />
                    </Group>
                    <CommitRuns commit={commit} />
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** The latest run of each pipeline that built the commit, each a link to the run's record. */
function CommitRuns({ commit }: { commit: ItemCommit }) {
  const { enterprise } = useCurrentEnterprise();
  if (commit.pipelineRuns.length === 0) return null;
  return (
    <Group gap={6} data-testid="commit-runs">
      {commit.pipelineRuns.map((run) => (
        <LinkAnchor
          key={run.pipelineId}
          to="/$identifier/pipeline/$repo/$id"
          params={{
            identifier: enterprise.enterpriseIdentifier,
            repo: commit.repositoryId,
            id: run.pipelineId,
          }}
          search={{ run: run.number }}
          size="xs"
        >
          <Group gap={4} wrap="nowrap">
            <StateBadge state={run.status} />
            {run.pipelineName} #{run.number}
          </Group>
        </LinkAnchor>
      ))}
    </Group>
  );
}

function CreateBranchForm({
  issue,
  projectId,
  onDone,
}: {
  issue: IssueDetail;
  projectId: string;
  onDone: () => void;
}) {
  const repositories = useQuery(
    projectRepositoriesQueryOptions({ pmsProjectId: projectId, pageNum: 1, pageSize: 100 }),
  );
  const create = useCreateItemBranch(issue.id);
  const rows = repositories.data?.rows ?? [];
  const form = useForm<BranchValues>({
    initialValues: { repositoryId: null, name: branchNameForItem(issue), from: null },
    // The repository is checked on submit: with one linked repository it is chosen without a pick.
    validate: {
      name: (value) => branchNameProblem(value.trim()),
    },
  });
  const values = form.getValues();
  const repositoryId = values.repositoryId ?? (rows.length === 1 ? rows[0]!.id : null);
  const repository = rows.find((r) => r.id === repositoryId);
  const branches = useQuery({ ...branchesQueryOptions(repositoryId ?? ''), enabled: Boolean(repositoryId) });
  // The submit handler may be the one of an earlier render: it reads the values it is given and
  // the only linked repository (chosen without a pick) from this ref, never from its closure.
  const onlyRepository = useRef<string | null>(null);
  onlyRepository.current = rows.length === 1 ? rows[0]!.id : null;

  const submit = form.onSubmit((submitted) => {
    const chosen = submitted.repositoryId ?? onlyRepository.current;
    if (!chosen) return form.setFieldError('repositoryId', 'Choose a repository');
    create.mutate(
      {
        repositoryId: chosen,
        name: submitted.name.trim(),
        ...(submitted.from ? { from: submitted.from } : {}),
      },
      {
        onSuccess: (branch) => {
          notifications.show({
            color: 'green',
            message: `Branch ${branch.name} created in ${branch.repositoryName}`,
          });
          onDone();
        },
        onError: (error) => showServerFieldError(form, error),
      },
    );
  });

  if (repositories.data && rows.length === 0) {
    return (
      <Paper withBorder p="sm">
        <Text size="sm" c="dimmed">
          No repository is linked to this project: link one in the project's Code tab first.
        </Text>
        <Group justify="flex-end" mt="xs">
          <Button size="xs" variant="default" onClick={onDone}>
            Close
          </Button>
        </Group>
      </Paper>
    );
  }

  return (
    <Paper withBorder p="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <Select
              label="Repository"
              data={rows.map((r) => ({ value: r.id, label: r.name }))}
              value={repositoryId}
              onChange={(value) => {
                form.setFieldValue('repositoryId', value);
                form.setFieldValue('from', null);
              }}
              error={form.errors.repositoryId}
              placeholder={repositories.isPending ? 'Loading…' : 'Choose'}
              comboboxProps={COMBOBOX_PROPS}
              allowDeselect={false}
              withAsterisk
            />
            <Select
              label="From"
              data={(branches.data?.rows ?? []).map((b) => b.name)}
              value={values.from}
              onChange={(value) => form.setFieldValue('from', value)}
              placeholder={repository?.defaultBranch ?? 'Default branch'}
              searchable
              clearable
              comboboxProps={COMBOBOX_PROPS}
              error={form.errors.from}
            />
          </Group>
          <TextInput data-autofocus label="Branch name" withAsterisk {...form.getInputProps('name')} />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={onDone} disabled={create.isPending}>
              Cancel
            </Button>
            {/* Not before the linked repositories are known (the only one is chosen by itself). */}
            <Button size="xs" type="submit" loading={create.isPending} disabled={repositories.isPending}>
              Create branch
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
