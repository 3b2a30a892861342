import { Box, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { IssueDetail } from '@shared/schemas/issues';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Markdown, toggleTask } from '../../../components/Markdown/Markdown';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { MarkdownTextarea } from '../../../kit/FormModal/fields';
import type { SaveIssue } from './save-issue';

const MAX_DESCRIPTION = 50_000;
/** Writing the markdown, or seeing it as it will show. */
const EDITOR_MODES = [
  { value: 'write', label: 'Write' },
  { value: 'preview', label: 'Preview' },
];

interface DescriptionEditorProps {
  issue: IssueDetail;
  editor: SaveIssue;
  canEdit: boolean;
}

/** The description: markdown shown safely; edited with a write/preview switch. */
export function DescriptionEditor({ issue, editor, canEdit }: DescriptionEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const editing = draft !== null;

  async function save() {
    if (draft === null) return;
    if (draft.trim() === issue.description.trim()) return setDraft(null);
    if (await editor.save({ description: draft })) setDraft(null);
  }

  // A ticked box shows ticked at once, while its save runs; the saved item then takes over, and a
  // refused save puts the box back (the client has said why).
  // The tick is kept with the description it was made on, so a newer description replaces it.
  const [ticked, setTicked] = useState<{ on: string; text: string } | null>(null);
  const shown = ticked?.on === issue.description ? ticked.text : issue.description;

  /** A ticked task-list box saves the description with that box changed (people who may edit). */
  async function tick(index: number, checked: boolean) {
    const next = toggleTask(shown, index, checked);
    setTicked({ on: issue.description, text: next });
    if (!(await editor.save({ description: next }))) setTicked(null);
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} fz="sm" tt="uppercase" c="dimmed">
          Description
        </Title>
        {canEdit && !editing && (
          <ActionButton
            size="compact-sm"
            variant="subtle"
            icon={IconPencil}
            onClick={() => {
              setMode('write');
              setDraft(issue.description);
            }}
          >
            Edit description
          </ActionButton>
        )}
      </Group>
      {editing ? (
        <Stack gap="xs">
          <SegmentedControl
            size="xs"
            w="fit-content"
            aria-label="Description editor mode"
            data={EDITOR_MODES}
            value={mode}
            onChange={(value) => setMode(value as 'write' | 'preview')}
          />
          {mode === 'write' ? (
            <MarkdownTextarea
              label="Description"
              description="Markdown: **bold**, lists, [links](https://example.com), `code`. HTML is not rendered."
              minRows={6}
              maxRows={20}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              error={
                draft.length > MAX_DESCRIPTION
                  ? `Description must be at most ${MAX_DESCRIPTION} characters`
                  : null
              }
            />
          ) : (
            <Paper withBorder p="md" mih={120}>
              {draft.trim() ? <Markdown>{draft}</Markdown> : <Text c="dimmed">Nothing to preview.</Text>}
            </Paper>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setDraft(null)} disabled={editor.saving}>
              Cancel
            </Button>
            <Button
              onClick={() => void save()}
              loading={editor.saving}
              disabled={draft.length > MAX_DESCRIPTION}
            >
              Save
            </Button>
          </Group>
        </Stack>
      ) : shown.trim() ? (
        <Box>
          <Markdown onToggleTask={canEdit && !editor.saving ? tick : undefined}>{shown}</Markdown>
        </Box>
      ) : (
        <Text size="sm" c="dimmed">
          No description.
        </Text>
      )}
    </Stack>
  );
}
