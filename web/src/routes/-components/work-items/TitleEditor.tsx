import { ActionIcon, Button, Group, TextInput, Title, Tooltip } from '@mantine/core';
import { messages } from '@shared/schemas/common';
import type { IssueDetail } from '@shared/schemas/issues';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useAutofocus } from '../../../lib/use-autofocus';
import type { SaveIssue } from './save-issue';

const MAX_TITLE = 200;

/** The title as a heading, with the pencil that starts editing it. */
export function TitleHeading({ issue, onEdit }: { issue: IssueDetail; onEdit?: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
        <span style={{ color: 'var(--mantine-color-dimmed)', fontWeight: 500 }}>#{issue.issueNumber}</span>{' '}
        {issue.title}
      </Title>
      {onEdit && <EditTitleButton onClick={onEdit} />}
    </Group>
  );
}

export function EditTitleButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip label="Edit title">
      <ActionIcon variant="subtle" color="gray" aria-label="Rename" onClick={onClick}>
        <IconPencil size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

interface TitleFormProps {
  issue: IssueDetail;
  editor: SaveIssue;
  onDone: () => void;
}

/** The title edited in place: Enter saves, Escape cancels. */
export function TitleForm({ issue, editor, onDone }: TitleFormProps) {
  const input = useAutofocus();
  const [draft, setDraft] = useState(issue.title);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    const title = draft.trim();
    if (title === '') return setError(messages.required('title'));
    if (title.length > MAX_TITLE) return setError(messages.tooLong('title', MAX_TITLE));
    if (title === issue.title) return onDone();
    if (await editor.save({ title })) onDone();
  }

  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        ref={input}
        aria-label="Title"
        value={draft}
        error={error}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void save();
          if (event.key === 'Escape') {
            // Escape leaves the title, not the drawer around it.
            event.stopPropagation();
            onDone();
          }
        }}
        style={{ flex: 1 }}
      />
      <Button onClick={() => void save()} loading={editor.saving}>
        Save
      </Button>
      <Button variant="default" onClick={onDone} disabled={editor.saving}>
        Cancel
      </Button>
    </Group>
  );
}
