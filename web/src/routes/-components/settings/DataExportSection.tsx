import { Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DataExport } from '@shared/schemas/exports';
import { IconDatabaseExport, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { ConfirmedAction } from '../../../kit/ConfirmedAction/ConfirmedAction';
import { SectionList } from '../../../kit/SectionList/SectionList';
import { fullDateTime } from '../../../lib/relative-time';
import { exportsQueryOptions, fetchExport, isExportActive, useStartExport } from '../../../queries/exports';

const STATUS: Record<DataExport['status'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  running: { label: 'Running', color: 'blue' },
  done: { label: 'Ready', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

function megabytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Done so far, out of the total once it is known (null before). */
function percent(e: DataExport): number | null {
  return e.total ? Math.min(100, Math.round(((e.items + e.files) / e.total) * 100)) : null;
}

function ExportRow({
  dataExport: e,
  onDownload,
  downloading,
}: {
  dataExport: DataExport;
  onDownload: () => void;
  downloading: boolean;
}) {
  const status = STATUS[e.status];
  const done = percent(e);
  return (
    <Stack gap={6} data-testid={`export-row-${e.id}`}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Group gap="xs">
            <Badge size="sm" variant="light" color={status.color}>
              {status.label}
            </Badge>
            <Text size="sm" title={fullDateTime(e.createdAt)}>
              Started
            </Text>
            <RelativeTime value={e.createdAt} />
          </Group>
          <Text size="xs" c="dimmed">
            {`${e.items} items · ${e.files} files`}
            {e.sizeBytes !== null && ` · ${megabytes(e.sizeBytes)}`}
            {e.status === 'done' && ` · kept until ${fullDateTime(e.expiresAt)}`}
          </Text>
        </Stack>
        {e.status === 'done' && (
          <ActionButton
            size="compact-sm"
            icon={IconDownload}
            loading={downloading}
            onClick={onDownload}
            aria-label={`Download the export of ${fullDateTime(e.createdAt)}`}
          >
            Download
          </ActionButton>
        )}
      </Group>
      {isExportActive(e) && (
        <Progress
          value={done ?? 100}
          striped={done === null}
          animated={done === null}
          aria-label={done === null ? 'Export progress: counting' : `Export progress: ${done}%`}
          data-testid="export-progress"
        />
      )}
      {e.status === 'failed' && (
        <Text size="xs" c="red.7" role="alert">
          {e.error ?? 'The export failed.'}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Exporting all of the enterprise's data: a zip with one JSON file per kind of item and every
 * stored file, built in the background (progress polled while it runs), downloadable for a
 * limited time. Shown to those who may delete the enterprise (the owner always).
 */
export function DataExportSection({ identifier }: { identifier: string }) {
  const exports = useQuery(exportsQueryOptions(identifier));
  const start = useStartExport(identifier);
  const [downloading, setDownloading] = useState<string | null>(null);
  const running = exports.data?.some(isExportActive) ?? false;

  function startExport(close: () => void) {
    start.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Export started' }),
      onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
      onSettled: close,
    });
  }

  async function download(e: DataExport) {
    setDownloading(e.id);
    try {
      const fresh = await fetchExport(identifier, e.id);
      if (fresh.downloadUrl) window.open(fresh.downloadUrl, '_blank', 'noopener');
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    } finally {
      setDownloading(null);
    }
  }

  return (
    <Paper withBorder p="xl" data-testid="data-export">
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="wrap" gap="md">
          <Stack gap={2} maw={480}>
            <Title order={2} fz="lg">
              Export data
            </Title>
            <Text size="sm" c="dimmed">
              A zip of everything the enterprise holds: one JSON file per kind of item, and every uploaded
              file. Passwords, sign-in tokens and repository secrets are left out. Each export can be
              downloaded for 7 days.
            </Text>
          </Stack>
          <ConfirmedAction
            trigger={(open) => (
              <ActionButton
                variant="light"
                size="sm"
                icon={IconDatabaseExport}
                disabled={running}
                onClick={open}
              >
                Export data
              </ActionButton>
            )}
            title="Export all data?"
            confirmLabel="Start export"
            confirmColor="blue"
            loading={start.isPending}
            onConfirm={startExport}
          >
            <Text size="sm">
              The export is built in the background and may take a while for a large enterprise. It holds all
              of the enterprise's data: keep the archive safe.
            </Text>
          </ConfirmedAction>
        </Group>
        <SectionList query={exports} what="The exports" testId="exports" empty="No exports yet." gap="md">
          {(rows) =>
            rows.map((e) => (
              <ExportRow
                key={e.id}
                dataExport={e}
                downloading={downloading === e.id}
                onDownload={() => download(e)}
              />
            ))
          }
        </SectionList>
      </Stack>
    </Paper>
  );
}
