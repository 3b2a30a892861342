import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SaveConflict, WikiDetail } from '@shared/schemas/docs';
import {
  IconBold,
  IconCode,
  IconH2,
  IconItalic,
  IconLink,
  IconList,
  IconListCheck,
  IconListNumbers,
  IconPhoto,
  IconQuote,
  IconStrikethrough,
  IconTable,
} from '@tabler/icons-react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { type ClipboardEvent, type DragEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { errorText, HttpError } from '../../../api/errors';
import { uploadFile, useCreateWiki, useSaveWiki } from '../../../queries/docs';
import { DiffView } from './DiffView';
import { DocMarkdown } from './DocMarkdown';
import { DocsLoadFailed, DocsLoading } from './DocsShell';
import { type DocsState, useDocsState, type WikiPageInit } from './docs-state';
import { mergePage } from './merge';
import { useAddressedNode } from './paths';
import { CODE_TEMPLATE, type Edit, insertBlock, prefixLines, TABLE_TEMPLATE, wrapSelection } from './toolbar';

const MAX_TITLE = 120;
const MAX_BYTES = 512 * 1024;

/** The page of `/docs/{id}/edit`, either library: the page in the address, edited. */
export function WikiEditPage() {
  const docId = useAddressedNode();
  return <WikiEditor key={docId} />;
}

/** The page of `/docs/add?folderId=`, either library: a new page in that folder, or at the top. */
export function NewWikiPage() {
  const folderId = useSearch({ strict: false, select: (search) => search.folderId });
  return <WikiEditor folderId={folderId ?? null} />;
}

/**
 * A page being edited (the address's page, from the document state) or written anew (in
 * `folderId`). The edit's base is the state's `wikiPageInitDetail`: the page as it was when
 * editing began, which a save names as its base revision and a merge starts from.
 */
export function WikiEditor({ folderId }: { folderId?: string | null }) {
  const state = useDocsState();
  const { mode, selectedId, wikiDetail, wikiPageInitDetail, beginEdit, endEdit } = state;
  const editing = mode === 'edit' ? selectedId : null;
  useEffect(() => {
    if (mode === 'edit' && wikiDetail) beginEdit(wikiDetail);
  }, [mode, wikiDetail, beginEdit]);
  useEffect(() => endEdit, [endEdit]);
  if (editing && state.detail.error) {
    return <DocsLoadFailed what="page" error={state.detail.error} />;
  }
  if (editing && (!wikiDetail || !wikiPageInitDetail)) return <DocsLoading what="the page" />;
  return (
    <EditorForm
      key={editing ?? 'new'}
      page={editing ? wikiDetail : null}
      initial={editing ? wikiPageInitDetail : null}
      folderId={folderId ?? null}
      state={state}
    />
  );
}

const NO_BASE: WikiPageInit = { id: '', revision: 0, title: '', content: '' };

function EditorForm({
  page,
  initial,
  folderId,
  state,
}: {
  page: WikiDetail | null;
  /** What this edit started from (null for a new page). */
  initial: WikiPageInit | null;
  folderId: string | null;
  state: Pick<DocsState, 'place' | 'rebaseEdit' | 'reloadDetail'>;
}) {
  const { place } = state;
  const router = useRouter();
  const create = useCreateWiki();
  const save = useSaveWiki(page?.id ?? '');
  const area = useRef<HTMLTextAreaElement>(null);
  const base = initial ?? NO_BASE;
  const [title, setTitle] = useState(base.title);
  const [content, setContent] = useState(base.content);
  const [summary, setSummary] = useState('');
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(0);
  const pending = create.isPending || save.isPending;
  const bytes = new TextEncoder().encode(content).length;
  const titleError = title.length > MAX_TITLE ? `A title has at most ${MAX_TITLE} characters` : null;
  const dirty = content !== base.content || title !== base.title;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  function apply(edit: (value: string, start: number, end: number) => Edit) {
    const element = area.current;
    if (!element) return;
    const next = edit(content, element.selectionStart, element.selectionEnd);
    setContent(next.text);
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(next.selectionStart, next.selectionEnd);
    });
  }

  /** Pasted or dropped images become the page's attachments, linked where the cursor is. */
  async function attach(files: File[]) {
    if (!page) {
      setError('Save the page once before adding images to it');
      return;
    }
    for (const file of files) {
      setUploading((n) => n + 1);
      try {
        const doc = await uploadFile({ space: place.space, file, attachTo: page.id });
        // An image shows in the page; any other file is a link to its preview.
        const embed = doc.file?.preview === 'image' ? '!' : '';
        const identifier = doc.file?.identifier ?? '';
        apply((value, start, end) =>
          insertBlock(value, start, end, `${embed}[${doc.title}](doc:${identifier})`),
        );
        // The page's attachments changed.
        void state.reloadDetail();
      } catch (failure) {
        notifications.show({ color: 'red', message: errorText(failure) });
      } finally {
        setUploading((n) => n - 1);
      }
    }
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = Array.from(event.clipboardData.files).filter((file) => file.type.startsWith('image/'));
    if (files.length === 0) return;
    event.preventDefault();
    void attach(files);
  }

  function onDrop(event: DragEvent<HTMLTextAreaElement>) {
    const files = Array.from(event.dataTransfer.files);
    if (files.length === 0) return;
    event.preventDefault();
    void attach(files);
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    setError(null);
    if (!title.trim()) return setError('Please enter a title');
    if (titleError) return setError(titleError);
    if (bytes > MAX_BYTES) return setError(`A page holds at most ${MAX_BYTES / 1024} KB of text`);
    const opened = (doc: WikiDetail) => {
      notifications.show({ message: page ? `Saved revision ${doc.revision}` : `Created ${doc.title}` });
      router.history.push(`${place.base}/wiki/${encodeURIComponent(doc.id)}`);
    };
    const failed = (failure: unknown) => {
      if (failure instanceof HttpError && failure.status === 409 && failure.data) {
        setConflict(failure.data as SaveConflict);
        // The page has moved on: what the library shows of it is stale.
        void state.reloadDetail();
        return;
      }
      setError(errorText(failure));
    };
    if (!page) {
      create.mutate(
        { space: place.space, title: title.trim(), root_id: folderId, content },
        { onSuccess: opened, onError: failed },
      );
    } else {
      save.mutate(
        { content, baseRevision: base.revision, title: title.trim(), summary: summary.trim() || undefined },
        { onSuccess: opened, onError: failed },
      );
    }
  }

  /** Their revision becomes what this edit started from: the next save names it as its base. */
  function takeTheirsAsBase(seen: SaveConflict) {
    state.rebaseEdit({
      id: base.id,
      revision: seen.current.revision,
      title: seen.current.title,
      content: seen.current.content,
    });
  }

  /** Combine both changes; what touched the same lines stays marked for the person to settle. */
  function mergeConflict() {
    if (!conflict) return;
    const merged = mergePage(base.content, content, conflict.current.content);
    setContent(merged.text);
    takeTheirsAsBase(conflict);
    setConflict(null);
    notifications.show({
      color: merged.conflict ? 'yellow' : 'green',
      message: merged.conflict
        ? 'Some lines changed on both sides: settle the marked parts, then save'
        : 'Both changes are combined: check the result, then save',
    });
  }

  const tools: { label: string; icon: typeof IconBold; run: () => void }[] = [
    { label: 'Heading', icon: IconH2, run: () => apply((v, s, e) => prefixLines(v, s, e, '## ')) },
    { label: 'Bold', icon: IconBold, run: () => apply((v, s, e) => wrapSelection(v, s, e, '**')) },
    { label: 'Italic', icon: IconItalic, run: () => apply((v, s, e) => wrapSelection(v, s, e, '_')) },
    {
      label: 'Strikethrough',
      icon: IconStrikethrough,
      run: () => apply((v, s, e) => wrapSelection(v, s, e, '~~')),
    },
    { label: 'Inline code', icon: IconCode, run: () => apply((v, s, e) => wrapSelection(v, s, e, '`')) },
    {
      label: 'Link',
      icon: IconLink,
      run: () => apply((v, s, e) => wrapSelection(v, s, e, '[', '](https://)')),
    },
    { label: 'Quote', icon: IconQuote, run: () => apply((v, s, e) => prefixLines(v, s, e, '> ')) },
    { label: 'Bulleted list', icon: IconList, run: () => apply((v, s, e) => prefixLines(v, s, e, '- ')) },
    {
      label: 'Numbered list',
      icon: IconListNumbers,
      run: () => apply((v, s, e) => prefixLines(v, s, e, '1. ')),
    },
    {
      label: 'Task list',
      icon: IconListCheck,
      run: () => apply((v, s, e) => prefixLines(v, s, e, '- [ ] ')),
    },
    { label: 'Table', icon: IconTable, run: () => apply((v, s, e) => insertBlock(v, s, e, TABLE_TEMPLATE)) },
    {
      label: 'Code block',
      icon: IconCode,
      run: () => apply((v, s, e) => insertBlock(v, s, e, CODE_TEMPLATE)),
    },
  ];

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3}>{page ? `Edit ${page.title}` : 'New page'}</Title>
          <Group gap={6} wrap="nowrap">
            <Button
              variant="default"
              onClick={() =>
                router.history.push(page ? `${place.base}/wiki/${encodeURIComponent(page.id)}` : place.base)
              }
              disabled={pending}
            >
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={conflict !== null} data-testid="wiki-save">
              {page ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={titleError}
            data-autofocus={!page || undefined}
            data-testid="wiki-title-input"
          />
          {page && (
            <TextInput
              label="What changed"
              placeholder="A short summary for the history"
              value={summary}
              onChange={(event) => setSummary(event.currentTarget.value)}
              maxLength={200}
              data-testid="wiki-summary-input"
            />
          )}
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {conflict && (
          <Alert
            color="yellow"
            title="Someone saved this page while you were editing"
            data-testid="wiki-conflict"
          >
            <Stack gap="xs">
              <Text size="sm">
                {`${conflict.current.author.nickname} saved revision ${conflict.current.revision} (you started from revision ${conflict.baseRevision}). Their change:`}
              </Text>
              <Paper withBorder p="xs" bg="white">
                <DiffView before={base.content} after={conflict.current.content} mode="inline" />
              </Paper>
              <Group gap={6}>
                <Button size="xs" onClick={mergeConflict} data-testid="wiki-merge">
                  Merge with my change
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    setContent(conflict.current.content);
                    takeTheirsAsBase(conflict);
                    setConflict(null);
                  }}
                >
                  Discard mine, take theirs
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <Group gap={2} wrap="wrap" role="toolbar" aria-label="Formatting">
          {tools.map((tool) => (
            <Tooltip key={tool.label} label={tool.label} withArrow>
              <ActionIcon variant="subtle" color="gray" aria-label={tool.label} onClick={tool.run}>
                <tool.icon size={16} />
              </ActionIcon>
            </Tooltip>
          ))}
          <Text size="xs" c="dimmed" ml="sm">
            {uploading > 0
              ? 'Uploading images…'
              : page
                ? 'Paste or drop images to attach them. #123 links a work item.'
                : '#123 links a work item. Images can be added once the page is saved.'}
            <IconPhoto size={12} style={{ marginLeft: 4, verticalAlign: 'middle' }} />
          </Text>
        </Group>
        <Grid gap="sm">
          <Grid.Col span={6}>
            <Textarea
              ref={area}
              value={content}
              onChange={(event) => setContent(event.currentTarget.value)}
              onPaste={onPaste}
              onDrop={onDrop}
              onKeyDown={(event) => {
                if ((event.metaKey || event.ctrlKey) && event.key === 's') {
                  event.preventDefault();
                  submit();
                }
              }}
              aria-label="Page source (markdown)"
              autosize
              minRows={22}
              maxRows={40}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              data-testid="wiki-content-input"
            />
            <Text size="xs" c={bytes > MAX_BYTES ? 'red' : 'dimmed'} mt={4}>
              {`${Math.ceil(bytes / 1024)} of ${MAX_BYTES / 1024} KB`}
            </Text>
          </Grid.Col>
          <Grid.Col span={6}>
            <Paper withBorder radius="md" p="md" h="100%" mih={400}>
              <ScrollArea.Autosize mah={760}>
                <Text size="xs" c="dimmed" mb={6}>
                  Preview
                </Text>
                <DocMarkdown identifier={place.identifier} references={page?.references ?? []}>
                  {content || '_Nothing to preview yet._'}
                </DocMarkdown>
              </ScrollArea.Autosize>
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </form>
  );
}
