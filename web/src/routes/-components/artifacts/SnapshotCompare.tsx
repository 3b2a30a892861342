import { Alert, Badge, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { Snapshot, SnapshotAsset } from '@shared/schemas/artifacts';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../api/errors';
import { COMBOBOX_PROPS } from '../../../kit/FormModal/fields';
import { PanelHeading, TableSkeleton } from '../../../kit/ListPage/ListPage';
import { formatBytes } from './labels';
import { comparisonQueryOptions } from './snapshot-queries';

const short = (sha256: string) => sha256.slice(0, 12);

type Change = {
  kind: 'added' | 'removed' | 'changed';
  path: string;
  from?: SnapshotAsset;
  to?: SnapshotAsset;
};

const CHANGE_COLORS = { added: 'green', removed: 'red', changed: 'orange' } as const;

/** The differences of two snapshots, one row per path: added, removed, or other bytes. */
function ComparisonTable({ repositoryId, from, to }: { repositoryId: string; from: string; to: string }) {
  const query = useQuery(comparisonQueryOptions(repositoryId, from, to));
  if (query.isPending) return <TableSkeleton label="Comparing" />;
  if (query.isError) return <Alert color="red">{errorText(query.error)}</Alert>;
  const { added, removed, changed, unchanged } = query.data;
  const rows: Change[] = [
    ...added.map((a): Change => ({ kind: 'added', path: a.path, to: a })),
    ...removed.map((a): Change => ({ kind: 'removed', path: a.path, from: a })),
    ...changed.map((c): Change => ({ kind: 'changed', path: c.path, from: c.from, to: c.to })),
  ].sort((a, b) => a.path.localeCompare(b.path));
  return (
    <Stack gap="xs" data-testid="snapshot-comparison">
      <Text size="sm" c="dimmed">
        {added.length} added · {removed.length} removed · {changed.length} changed · {unchanged} unchanged
      </Text>
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table fz="sm" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={100}>Change</Table.Th>
                <Table.Th>Path</Table.Th>
                <Table.Th w={150}>In {from}</Table.Th>
                <Table.Th w={150}>In {to}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.path} data-testid={`change-${row.path}`}>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={CHANGE_COLORS[row.kind]}>
                      {row.kind}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.path}</Table.Td>
                  {(['from', 'to'] as const)
                    .map((end) => ({ end, side: row[end] }))
                    .map(({ end, side }) => (
                      <Table.Td key={end} ff="monospace" fz="xs" c={side ? undefined : 'dimmed'}>
                        {side ? `${short(side.checksums.sha256)} · ${formatBytes(side.size)}` : '—'}
                      </Table.Td>
                    ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Two snapshot pickers and what changed between them; `fixedFrom` pins the first (a snapshot's own page). */
export function CompareCard({
  repositoryId,
  snapshots,
  from,
  to,
  onChange,
  fixedFrom = false,
}: {
  repositoryId: string;
  snapshots: readonly Snapshot[];
  from: string | undefined;
  to: string | undefined;
  onChange: (change: { from?: string; to?: string }) => void;
  fixedFrom?: boolean;
}) {
  const names = snapshots.map((s) => s.name);
  return (
    <Card withBorder p={0} data-testid="snapshot-compare">
      <PanelHeading title={fixedFrom ? `Compare ${from} with` : 'Compare snapshots'} small>
        <Group gap="sm" wrap="nowrap">
          {!fixedFrom && (
            <Select
              aria-label="From snapshot"
              placeholder="From"
              data={names}
              value={from ?? null}
              onChange={(value) => onChange({ from: value ?? undefined })}
              comboboxProps={COMBOBOX_PROPS}
              w={180}
              searchable
            />
          )}
          <Select
            aria-label={fixedFrom ? 'Compare with' : 'To snapshot'}
            placeholder={fixedFrom ? 'Another snapshot' : 'To'}
            data={names.filter((name) => !fixedFrom || name !== from)}
            value={to ?? null}
            onChange={(value) => onChange({ to: value ?? undefined })}
            comboboxProps={COMBOBOX_PROPS}
            w={180}
            searchable
          />
        </Group>
      </PanelHeading>
      <Stack p="md" pt={0}>
        {from && to ? (
          <ComparisonTable repositoryId={repositoryId} from={from} to={to} />
        ) : (
          <Text size="sm" c="dimmed">
            {names.length < 2
              ? 'Take a second snapshot to compare: what was added, removed, or changed by checksum.'
              : `Pick ${fixedFrom ? 'another snapshot' : 'two snapshots'} to see what was added, removed, or changed by checksum.`}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
