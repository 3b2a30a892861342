import {
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  type NumberInputProps,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type ArtifactRepository,
  type Retention,
  type RetentionCandidate,
  type RetentionRules,
  RetentionRulesSchema,
} from '@shared/schemas/artifacts';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText } from '../../../api/errors';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { TableSkeleton } from '../../../kit/ListPage/ListPage';
import { SettingsSection } from '../../../kit/SettingsSection/SettingsSection';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { fullDateTime } from '../../../lib/relative-time';
import { showServerFieldError } from '../../../lib/server-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { componentName, formatBytes } from './labels';
import {
  dryRunQueryOptions,
  retentionQueryOptions,
  useRunRetention,
  useSaveRetention,
} from './snapshot-queries';

/** A number input's value as a rule: empty turns the rule off. */
const ruleOf = (value: number | string | null) => (value === '' || value === null ? null : Number(value));

function CandidateTable({
  repository,
  rows,
  testId,
}: {
  repository: ArtifactRepository;
  rows: RetentionCandidate[];
  testId: string;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table fz="sm" verticalSpacing={4} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Component</Table.Th>
            <Table.Th>Version</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th>Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.componentId}>
              <Table.Td fw={500} style={{ whiteSpace: 'nowrap' }}>
                {componentName(repository.format, row)}
              </Table.Td>
              <Table.Td>{row.version}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatBytes(row.sizeBytes)}
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {row.reason}
                </Text>
                {row.holds.map((hold) => (
                  <Badge key={`${hold.reason}-${hold.by}`} size="xs" variant="light" color="blue" mr={4}>
                    {hold.reason === 'snapshot' ? `snapshot ${hold.by}` : `promoted to ${hold.by}`}
                  </Badge>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The dry run's answer: what a run would delete, and what the rules name but something holds. */
function DryRun({ repository }: { repository: ArtifactRepository }) {
  const query = useQuery(dryRunQueryOptions(repository.id));
  if (query.isPending) return <TableSkeleton label="Working out what would go" />;
  if (query.isError) return <Alert color="red">{errorText(query.error)}</Alert>;
  const { remove, kept } = query.data;
  return (
    <Stack gap="sm" data-testid="retention-dry-run">
      <Text size="sm" fw={600}>
        {remove.length === 0
          ? 'A run now would delete nothing.'
          : `A run now would delete ${remove.length} ${remove.length === 1 ? 'version' : 'versions'}:`}
      </Text>
      {remove.length > 0 && (
        <CandidateTable repository={repository} rows={remove} testId="retention-remove" />
      )}
      {kept.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            Named by the rules but kept, because a snapshot or a promotion holds them:
          </Text>
          <CandidateTable repository={repository} rows={kept} testId="retention-kept" />
        </>
      )}
    </Stack>
  );
}

/** When the saved rules run by themselves, and what their last run did. */
function RetentionSchedule({ rules }: { rules: Retention }) {
  if (!rules.nextRunAt)
    return (
      <Text size="xs" c="dimmed" data-testid="retention-schedule">
        No rule is on: nothing runs by itself.
      </Text>
    );
  const count = rules.lastRunDeleted ?? 0;
  return (
    <Text size="xs" c="dimmed" data-testid="retention-schedule">
      The rules run by themselves once a day; the next run is at {fullDateTime(rules.nextRunAt)}.{' '}
      {rules.lastRunAt
        ? `The last run, at ${fullDateTime(rules.lastRunAt)}, deleted ${count} ${count === 1 ? 'version' : 'versions'}.`
        : 'They have not run by themselves since they were saved.'}
    </Text>
  );
}

/** One cleanup rule's number: a whole count of versions or days, empty for the rule off. */
function RuleInput(props: NumberInputProps) {
  return <NumberInput min={1} allowDecimal={false} w={200} {...props} />;
}

/** Cleanup rules on the settings page: the rules, a dry run that lists what would go, and a run. */
export function RetentionSection({ repository }: { repository: ArtifactRepository }) {
  const { can } = useCurrentEnterprise();
  const rules = useQuery(retentionQueryOptions(repository.id));
  const save = useSaveRetention(repository.id);
  const run = useRunRetention(repository.id);
  const [showDryRun, setShowDryRun] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const form = useForm<{ keepLast: number | string; maxAgeDays: number | string }>({
    initialValues: { keepLast: '', maxAgeDays: '' },
    validate: (values) => zodResolver(RetentionRulesSchema)(bodyOf(values)),
  });
  const savedRules = rules.data;
  // The form starts from the saved rules, and again whenever they are saved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form object is new on each render
  useEffect(() => {
    if (!savedRules) return;
    form.setValues({ keepLast: savedRules.keepLast ?? '', maxAgeDays: savedRules.maxAgeDays ?? '' });
    form.resetDirty({ keepLast: savedRules.keepLast ?? '', maxAgeDays: savedRules.maxAgeDays ?? '' });
  }, [savedRules]);
  const submit = form.onSubmit((values) =>
    save.mutate(bodyOf(values), {
      onSuccess: () => notifications.show({ color: 'green', message: 'Cleanup rules saved' }),
      onError: (error) => {
        if (!showServerFieldError(form, error))
          notifications.show({ color: 'red', message: errorText(error) });
      },
    }),
  );
  return (
    <SettingsSection
      title="Cleanup rules"
      size="md"
      testId="retention-section"
      description="Keep the newest versions of each component, and drop versions older than some days; with both, a version goes only when both say so. Versions a snapshot or a promotion holds are never touched. Leave a field empty to turn its rule off."
    >
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="md">
          {/* Until the saved rules arrive the fields wait: the form is reset to them on arrival. */}
          <RuleInput
            label="Keep the newest"
            suffix=" versions"
            disabled={!can('artifact:repository:edit') || !savedRules}
            {...form.getInputProps('keepLast')}
          />
          <RuleInput
            label="Drop versions older than"
            suffix=" days"
            disabled={!can('artifact:repository:edit') || !savedRules}
            {...form.getInputProps('maxAgeDays')}
          />
          {can('artifact:repository:edit') && (
            <Button type="submit" mt={25} loading={save.isPending} disabled={!form.isDirty()}>
              Save rules
            </Button>
          )}
        </Group>
      </form>
      {savedRules && <RetentionSchedule rules={savedRules} />}
      <Group gap="sm">
        <ActionButton size="sm" icon={IconEye} onClick={() => setShowDryRun(true)} disabled={form.isDirty()}>
          Dry run
        </ActionButton>
        {can('artifact:asset:remove') && (
          <ActionButton
            size="sm"
            variant="light"
            icon={IconTrash}
            color="red"
            onClick={() => setConfirming(true)}
            disabled={form.isDirty() || repository.locked}
          >
            Run now
          </ActionButton>
        )}
        {form.isDirty() && (
          <Text size="xs" c="dimmed">
            Save the rules to dry-run or run them.
          </Text>
        )}
      </Group>
      {showDryRun && <DryRun repository={repository} />}
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Run the cleanup rules now?"
        loading={run.isPending}
        confirmLabel="Run"
        onConfirm={() =>
          run.mutate(undefined, {
            onSuccess: (result) => {
              notifications.show({
                color: 'green',
                message: `Cleanup deleted ${result.deleted.length} ${result.deleted.length === 1 ? 'version' : 'versions'}`,
              });
              setConfirming(false);
              setShowDryRun(true);
            },
          })
        }
      >
        <Text size="sm">
          The versions the dry run lists are deleted now; their storage is freed once nothing else holds it.
        </Text>
      </ConfirmModal>
    </SettingsSection>
  );
}

function bodyOf(values: { keepLast: number | string; maxAgeDays: number | string }): RetentionRules {
  return { keepLast: ruleOf(values.keepLast), maxAgeDays: ruleOf(values.maxAgeDays) };
}
