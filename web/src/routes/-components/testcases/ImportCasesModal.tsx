import {
  Alert,
  Anchor,
  Button,
  Code,
  FileButton,
  Group,
  Paper,
  Progress,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { CASE_SHEET_COLUMNS, MAX_UPLOAD_ROWS } from '@shared/domain/testing';
import type { UploadReport } from '@shared/schemas/testcases';
import { IconAlertTriangle, IconCircleCheck, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { type DragEvent, useEffect, useState } from 'react';
import { ProblemAlert } from '../../../components/ProblemAlert/ProblemAlert';
import { BusyModal } from '../../../kit/FormModal/FormModal';
import { useDownloadCases, useUploadCases } from '../../../queries/testcases';
import { CASE_FILE_ACCEPT, caseFileProblem, fileSize } from './case-file';

interface ImportCasesModalProps {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Imports cases from a spreadsheet: choose or drop an .xlsx or .csv file (checked before it is
 * sent), upload it, then read what was created, updated and left alone, and every rejected row
 * with its reasons. Rows carry their case ID, so fixing the rejected rows and importing the file
 * again updates the rows already imported instead of duplicating them.
 */
export function ImportCasesModal({ projectId, opened, onClose }: ImportCasesModalProps) {
  const upload = useUploadCases(projectId);
  const template = useDownloadCases(projectId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<UploadReport | null>(null);
  const [dragging, setDragging] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start afresh each time it opens
  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setProblem(null);
    setReport(null);
    upload.reset();
  }, [opened]);

  function choose(picked: File | null | undefined) {
    if (!picked) return;
    setFile(picked);
    setProblem(caseFileProblem(picked));
    setReport(null);
    upload.reset();
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  function send() {
    if (!file || problem) return;
    upload.mutate(file, { onSuccess: setReport });
  }

  const busy = upload.isPending;
  return (
    <BusyModal opened={opened} busy={busy} onClose={onClose} title="Import cases" size="lg">
      {report ? (
        <ImportReport
          report={report}
          fileName={file?.name ?? ''}
          onAgain={() => {
            setReport(null);
            setFile(null);
          }}
          onClose={onClose}
        />
      ) : (
        <Stack gap="md">
          <Text size="sm">
            Columns, in this order: <Code>{CASE_SHEET_COLUMNS.join(', ')}</Code>. Only Title is required. A
            row whose ID is a case code (TC-12) updates that case, a row without one creates a case. Module is
            a path such as <Code>Web/Login</Code> (missing modules are created); Steps and Expected results
            are numbered lines (<Code>1. …</Code>) matched by number.
          </Text>
          <Text size="sm" c="dimmed">
            At most {MAX_UPLOAD_ROWS} rows.{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => template.mutate(undefined)}
              disabled={template.isPending}
            >
              {template.isPending ? 'Exporting…' : 'Export the current library as a template'}
            </Anchor>
          </Text>
          <Paper
            withBorder
            p="lg"
            radius="md"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="import-drop-zone"
            style={{
              borderStyle: 'dashed',
              borderWidth: 2,
              borderColor: dragging ? 'var(--mantine-color-brand-6)' : undefined,
              background: dragging ? 'var(--mantine-color-brand-light)' : undefined,
            }}
          >
            <Stack align="center" gap="xs">
              <ThemeIcon variant="light" size={44} radius="xl">
                <IconFileSpreadsheet size={24} />
              </ThemeIcon>
              {file ? (
                <Text size="sm" fw={600}>
                  {file.name}{' '}
                  <Text span size="sm" c="dimmed" fw={400}>
                    ({fileSize(file.size)})
                  </Text>
                </Text>
              ) : (
                <Text size="sm">Drop an .xlsx or .csv file here (at most 5 MB)</Text>
              )}
              <FileButton onChange={choose} accept={CASE_FILE_ACCEPT} disabled={busy}>
                {(props) => (
                  <Button variant="default" size="xs" {...props}>
                    {file ? 'Choose another file' : 'Choose a file'}
                  </Button>
                )}
              </FileButton>
            </Stack>
          </Paper>
          {problem && <ProblemAlert testId="import-problem">{problem}</ProblemAlert>}
          {busy && (
            <Stack gap={4} aria-live="polite">
              <Progress value={100} striped animated aria-label="Uploading" />
              <Text size="xs" c="dimmed">
                Uploading and checking {file?.name}…
              </Text>
            </Stack>
          )}
          {upload.isError && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
              {upload.error.message || 'The file could not be imported'}. Nothing was written.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              leftSection={<IconUpload size={16} />}
              onClick={send}
              disabled={!file || problem !== null}
              loading={busy}
            >
              Import
            </Button>
          </Group>
        </Stack>
      )}
    </BusyModal>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xl" fw={700} lh={1.1}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

/** What an upload did: the counts, and each rejected row with every reason. */
export function ImportReport({
  report,
  fileName,
  onAgain,
  onClose,
}: {
  report: UploadReport;
  fileName: string;
  onAgain: () => void;
  onClose: () => void;
}) {
  const rejected = report.rejected.length;
  return (
    <Stack gap="md" data-testid="import-report">
      <Group gap="xs" wrap="nowrap">
        {rejected === 0 ? (
          <IconCircleCheck size={20} color="var(--mantine-color-green-6)" />
        ) : (
          <IconAlertTriangle size={20} color="var(--mantine-color-orange-6)" />
        )}
        <Text size="sm">
          {fileName}: {report.rows} {report.rows === 1 ? 'row' : 'rows'} read
          {rejected > 0 ? `, ${rejected} rejected` : ', all imported'}.
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
        <Figure label="Created" value={report.created} />
        <Figure label="Updated" value={report.updated} />
        <Figure label="Unchanged" value={report.unchanged} />
        <Figure label="Modules created" value={report.modulesCreated} />
      </SimpleGrid>
      {rejected > 0 && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Rejected rows
          </Text>
          <Text size="xs" c="dimmed">
            Fix these rows in the file and import it again: the rows already imported are updated, not
            duplicated.
          </Text>
          <Paper withBorder>
            <ScrollArea.Autosize mah={260}>
              <Table verticalSpacing={6} stickyHeader data-testid="rejected-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>Row</Table.Th>
                    <Table.Th>Reasons</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.rejected.map((row) => (
                    <Table.Tr key={row.row}>
                      <Table.Td>{row.row}</Table.Td>
                      <Table.Td>
                        {row.reasons.map((reason) => (
                          <Text key={reason} size="sm">
                            {reason}
                          </Text>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Paper>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onAgain}>
          Import another file
        </Button>
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
