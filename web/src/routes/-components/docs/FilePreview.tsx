import { Alert, Code, Paper, ScrollArea, Stack, Table, Tabs, Text } from '@mantine/core';
import type { PreviewKind } from '@shared/domain/docs';
import type { DocDetail, Download } from '@shared/schemas/docs';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { errorText } from '../../../api/errors';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { docQueryOptions, downloadQueryOptions } from '../../../queries/docs';
import { DocHeading } from './DocHeading';
import { DocMarkdown } from './DocMarkdown';
import { DocsLoadFailed, DocsLoading } from './DocsShell';
import { formatBytes, useAddressedNode, useDocsPlace } from './paths';

/** Rows shown of a table preview: enough to judge the file, few enough to stay quick. */
const MAX_ROWS = 500;
/** Text previews read at most this much. */
const MAX_TEXT_BYTES = 2 * 1024 * 1024;

type Loaded =
  | { kind: 'text'; text: string }
  | { kind: 'tables'; sheets: { name: string; rows: string[][] }[] }
  | { kind: 'html'; html: string };

async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The file could not be read (${response.status})`);
  return response.arrayBuffer();
}

const cell = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : value instanceof Date
      ? value.toLocaleDateString()
      : String(value);

/**
 * Reads a file for its preview. The parsers load only when a file needs them: papaparse for CSV,
 * read-excel-file for xlsx, mammoth for docx (its HTML goes through DOMPurify before it is shown).
 */
async function loadPreview(kind: PreviewKind, url: string): Promise<Loaded | null> {
  if (kind === 'text' || kind === 'code' || kind === 'markdown') {
    const bytes = await fetchBytes(url);
    return { kind: 'text', text: new TextDecoder().decode(bytes.slice(0, MAX_TEXT_BYTES)) };
  }
  if (kind === 'csv') {
    const [{ default: Papa }, bytes] = await Promise.all([import('papaparse'), fetchBytes(url)]);
    const parsed = Papa.parse<string[]>(new TextDecoder().decode(bytes).replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
      preview: MAX_ROWS,
    });
    return { kind: 'tables', sheets: [{ name: 'CSV', rows: parsed.data }] };
  }
  if (kind === 'xlsx') {
    const [{ default: readXlsxFile }, bytes] = await Promise.all([
      import('read-excel-file/browser'),
      fetchBytes(url),
    ]);
    const sheets = await readXlsxFile(new Blob([bytes]));
    return {
      kind: 'tables',
      sheets: sheets.map((sheet) => ({
        name: sheet.sheet,
        rows: sheet.data.slice(0, MAX_ROWS).map((row) => row.map(cell)),
      })),
    };
  }
  if (kind === 'docx') {
    const [mammoth, { default: DOMPurify }, bytes] = await Promise.all([
      import('mammoth'),
      import('dompurify'),
      fetchBytes(url),
    ]);
    const converted = await mammoth.convertToHtml({ arrayBuffer: bytes });
    return {
      kind: 'html',
      html: DOMPurify.sanitize(converted.value, {
        FORBID_TAGS: ['style', 'form', 'input'],
        FORBID_ATTR: ['style'],
      }),
    };
  }
  return null;
}

function SheetTable({ rows }: { rows: string[][] }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The sheet is empty.
      </Text>
    );
  const [head, ...body] = rows;
  return (
    <ScrollArea>
      <Table withTableBorder withColumnBorders striped data-testid="preview-table">
        <Table.Thead>
          <Table.Tr>
            {(head ?? []).map((value, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
              <Table.Th key={index}>{value}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {body.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
            <Table.Tr key={r}>
              {row.map((value, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional
                <Table.Td key={c}>{value}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

function PreviewBody({ doc, download }: { doc: DocDetail; download: Download }) {
  const place = useDocsPlace();
  const kind = doc.file?.preview ?? 'none';
  const loaded = useQuery({
    queryKey: ['docs', 'preview', doc.id, doc.version],
    queryFn: () => loadPreview(kind, download.url),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (kind === 'image') {
    return (
      <img src={download.url} alt={doc.title} style={{ maxWidth: '100%' }} data-testid="preview-image" />
    );
  }
  if (kind === 'pdf') {
    // Served from the storage origin, not ours: the browser's own viewer shows it, isolated.
    return (
      <iframe
        title={doc.title}
        src={download.url}
        style={{ width: '100%', height: '80vh', border: 0 }}
        data-testid="preview-pdf"
      />
    );
  }
  if (kind === 'html' || kind === 'svg' || kind === 'none') {
    return (
      <Alert color="gray" title="No preview">
        {kind === 'none'
          ? 'This type of file has no preview. Download it to open it.'
          : 'HTML and SVG files can run code, so they are never shown inside the app. Download the file to open it.'}
      </Alert>
    );
  }
  if (loaded.isPending) return <DocsLoading what="the preview" />;
  if (loaded.isError || !loaded.data) {
    return (
      <Text size="sm" c="red">
        {`The preview could not be made: ${errorText(loaded.error)}`}
      </Text>
    );
  }
  const data = loaded.data;
  if (data.kind === 'text') {
    return kind === 'markdown' ? (
      <DocMarkdown identifier={place.identifier}>{data.text}</DocMarkdown>
    ) : (
      <ScrollArea.Autosize mah="75vh">
        <Code block data-testid="preview-text">
          {data.text}
        </Code>
      </ScrollArea.Autosize>
    );
  }
  if (data.kind === 'html') {
    // Mammoth's output, sanitised by DOMPurify (no scripts, handlers or styles).
    return (
      <div
        className="doc-markdown"
        data-testid="preview-docx"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in loadPreview
        dangerouslySetInnerHTML={{ __html: data.html }}
      />
    );
  }
  if (data.sheets.length === 1) return <SheetTable rows={data.sheets[0]?.rows ?? []} />;
  return (
    <Tabs defaultValue="0">
      <Tabs.List>
        {data.sheets.map((sheet, index) => (
          <Tabs.Tab key={sheet.name} value={String(index)}>
            {sheet.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {data.sheets.map((sheet, index) => (
        <Tabs.Panel key={sheet.name} value={String(index)} pt="sm">
          <SheetTable rows={sheet.rows} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** The page of `/docs/file/{id}/preview`, either library. */
export function FilePreviewPage() {
  const docId = useAddressedNode();
  return <FilePreview key={docId} docId={docId} />;
}

/** A file: what it is, its preview, and its download (a short-lived presigned address). */
export function FilePreview({ docId }: { docId: string }) {
  const doc = useQuery(docQueryOptions(docId));
  const identifier = doc.data?.file?.identifier ?? '';
  const inline = useQuery({ ...downloadQueryOptions(identifier, 'inline'), enabled: Boolean(identifier) });

  if (doc.isPending) return <DocsLoading what="the file" />;
  if (doc.isError) {
    return <DocsLoadFailed what="file" error={doc.error} />;
  }
  const file = doc.data.file;
  async function saveFile() {
    const answer = await api.get<Download>(`/api/file/common/downloadByIdentifier/${identifier}`, {
      disposition: 'attachment',
    });
    window.location.assign(answer.url);
  }
  return (
    <Stack gap="md">
      <DocHeading
        doc={doc.data}
        order={3}
        testId="file-title"
        about={
          file &&
          `${file.mime}, ${formatBytes(file.size)}, uploaded by ${doc.data.createdBy.nickname} ${new Date(doc.data.createdAt).toLocaleString()}`
        }
      >
        <ActionButton icon={IconDownload} variant="filled" onClick={() => void saveFile()} disabled={!file}>
          Download
        </ActionButton>
      </DocHeading>
      <Paper withBorder radius="md" p="md">
        {inline.isError ? (
          <Text size="sm" c="red">
            {errorText(inline.error)}
          </Text>
        ) : inline.data ? (
          <PreviewBody doc={doc.data} download={inline.data} />
        ) : (
          <DocsLoading what="the preview" />
        )}
      </Paper>
    </Stack>
  );
}
