import {
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RevisionSummary } from '@shared/schemas/docs';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorText } from '../../../api/errors';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import {
  revisionQueryOptions,
  revisionsQueryOptions,
  useRestoreRevision,
  wikiQueryOptions,
} from '../../../queries/docs';
import { DocBreadcrumbs } from './Breadcrumbs';
import { type DiffGranularity, type DiffMode, DiffView } from './DiffView';
import { DocsLoadFailed, DocsLoading } from './DocsShell';
import { formatBytes, useAddressedNode, useDocsPlace } from './paths';
import { QueryPending } from './QueryPending';

/** How finely the comparison marks changes, and how it lays them out. */
const GRANULARITIES = [
  { value: 'words', label: 'Words' },
  { value: 'sentences', label: 'Sentences' },
];
const DIFF_MODES = [
  { value: 'side', label: 'Side by side' },
  { value: 'inline', label: 'Inline' },
];

/** The page of `/docs/wiki/{id}/history`, either library. */
export function WikiHistoryPage() {
  const docId = useAddressedNode();
  return <WikiHistory key={docId} docId={docId} />;
}

/**
 * A page's history: every revision with its author, time and summary. Pick any two (A and B) to
 * compare them, inline or side by side, by words or sentences; restore one as a new revision.
 */
export function WikiHistory({ docId }: { docId: string }) {
  const place = useDocsPlace();
  const router = useRouter();
  const { can } = useCurrentEnterprise();
  const [pageNum, setPageNum] = useState(1);
  const page = useQuery(wikiQueryOptions(docId));
  const list = useQuery(revisionsQueryOptions(docId, pageNum));
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [mode, setMode] = useState<DiffMode>('side');
  const [granularity, setGranularity] = useState<DiffGranularity>('words');
  const [restoring, setRestoring] = useState<RevisionSummary | null>(null);
  const restore = useRestoreRevision(docId);
  const rows = list.data?.rows ?? [];
  const pages = list.data ? Math.ceil(list.data.total / list.data.pageSize) : 1;

  // Start with the latest change: the revision before the newest against the newest.
  useEffect(() => {
    if (to !== null || rows.length === 0) return;
    const live = rows.filter((row) => !row.deleted);
    setTo(live[0]?.revision ?? null);
    setFrom(live[1]?.revision ?? live[0]?.revision ?? null);
  }, [rows, to]);

  // The A and B columns: the two revisions compared.
  const ends = [
    { name: 'from', picked: from, pick: setFrom },
    { name: 'to', picked: to, pick: setTo },
  ];
  const a = useQuery({ ...revisionQueryOptions(docId, from ?? 0), enabled: from !== null });
  const b = useQuery({ ...revisionQueryOptions(docId, to ?? 0), enabled: to !== null });

  if (page.isPending) return <DocsLoading what="the history" />;
  if (page.isError) {
    return <DocsLoadFailed what="page" error={page.error} />;
  }
  const current = page.data.revision ?? 0;

  return (
    <Stack gap="md">
      <DocBreadcrumbs doc={page.data} />
      <Group justify="space-between">
        <Title order={3}>{`History of ${page.data.title}`}</Title>
        <Button
          variant="default"
          size="xs"
          onClick={() => router.history.push(`${place.base}/wiki/${encodeURIComponent(docId)}`)}
        >
          Back to the page
        </Button>
      </Group>
      <Paper withBorder radius="md" p={0}>
        {!list.isSuccess ? (
          <QueryPending query={list} what="revisions" p="md" />
        ) : (
          <Table verticalSpacing={6} data-testid="revision-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>A</Table.Th>
                <Table.Th w={40}>B</Table.Th>
                <Table.Th w={90}>Revision</Table.Th>
                <Table.Th>Summary</Table.Th>
                <Table.Th w={140}>Author</Table.Th>
                <Table.Th w={130}>Saved</Table.Th>
                <Table.Th w={110} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.revision} data-testid={`revision-${row.revision}`}>
                  {ends.map((end) => (
                    <Table.Td key={end.name}>
                      <Radio
                        aria-label={`Compare ${end.name} revision ${row.revision}`}
                        checked={end.picked === row.revision}
                        disabled={row.deleted}
                        onChange={() => end.pick(row.revision)}
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" fw={600}>{`#${row.revision}`}</Text>
                      {row.revision === current && (
                        <Badge size="xs" variant="light">
                          Current
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={row.deleted ? 'dimmed' : undefined}>
                      {row.deleted
                        ? 'Deleted revision'
                        : row.summary ||
                          (row.restoredFrom
                            ? `Restored revision ${row.restoredFrom}`
                            : row.revision === 1
                              ? 'Created'
                              : '—')}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatBytes(row.size)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.author.nickname}</Text>
                  </Table.Td>
                  <Table.Td>
                    <RelativeTime value={row.createdAt} size="sm" />
                  </Table.Td>
                  <Table.Td>
                    {can('docs:doc:edit') && row.revision !== current && !row.deleted && (
                      <Button size="xs" variant="light" onClick={() => setRestoring(row)}>
                        Restore
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {pages > 1 && <Pagination size="sm" total={pages} value={pageNum} onChange={setPageNum} />}
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Text fw={600} size="sm">
            {from !== null && to !== null
              ? `Revision ${from} compared with revision ${to}`
              : 'Pick two revisions'}
          </Text>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              value={granularity}
              onChange={(value) => setGranularity(value as DiffGranularity)}
              data={GRANULARITIES}
            />
            <SegmentedControl
              size="xs"
              value={mode}
              onChange={(value) => setMode(value as DiffMode)}
              data={DIFF_MODES}
              data-testid="diff-mode"
            />
          </Group>
        </Group>
        {a.isError || b.isError ? (
          <Text size="sm" c="red">
            {errorText(a.error ?? b.error)}
          </Text>
        ) : a.data && b.data ? (
          <DiffView before={a.data.content} after={b.data.content} mode={mode} granularity={granularity} />
        ) : (
          <Text size="sm" c="dimmed">
            {from !== null && to !== null ? 'Loading…' : 'Choose an A and a B revision above.'}
          </Text>
        )}
      </Paper>
      <ConfirmModal
        opened={restoring !== null}
        onClose={() => setRestoring(null)}
        title={restoring ? `Restore revision ${restoring.revision}?` : ''}
        confirmLabel="Restore"
        confirmColor="blue"
        loading={restore.isPending}
        onConfirm={() => {
          if (!restoring) return;
          restore.mutate(
            { revision: restoring.revision, baseRevision: current },
            {
              onSuccess: (doc) => {
                notifications.show({
                  message: `Revision ${restoring.revision} is back as revision ${doc.revision}`,
                });
                setRestoring(null);
                setTo(null);
              },
              onError: (error) => {
                notifications.show({ color: 'red', message: errorText(error) });
                setRestoring(null);
              },
            },
          );
        }}
      >
        <Text size="sm">
          Its text becomes the page's new current revision. Nothing in the history is lost.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
