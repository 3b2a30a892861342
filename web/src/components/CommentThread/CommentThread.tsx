import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Paper,
  Stack,
  Tabs,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@shared/schemas/common';
import type { UserSummary } from '@shared/schemas/projects';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { ShowMore } from '../../kit/ListPage/Pager';
import { SectionList } from '../../kit/SectionList/SectionList';
import { useCurrentEnterprise } from '../../lib/current-enterprise';
import { MentionTextarea } from '../../routes/-components/notifications/MentionTextarea';
import { ConfirmModal } from '../ConfirmModal/ConfirmModal';
import { Markdown } from '../Markdown/Markdown';
import { RelativeTime } from '../RelativeTime/RelativeTime';
import { initials } from '../UserMenu/UserMenu';

const MAX_COMMENT = 10_000;

function commentError(notes: string): string | null {
  if (notes.trim() === '') return messages.required('comment');
  if (notes.length > MAX_COMMENT) return messages.tooLong('comment', MAX_COMMENT);
  return null;
}

/** What a comment needs to show. */
export interface CommentLike {
  id: string;
  user: { userId: string; login: string; nickname: string };
  notes: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** One save call: add (`notes`), edit (`journalId`, `notes`, `version`) or delete (`remove`). */
export interface CommentChange {
  journalId?: string;
  notes?: string;
  version?: number;
  remove?: boolean;
}

/** The part of a save mutation the thread uses (work items and product items have their own). */
export interface SaveComment {
  mutate: (change: CommentChange, options?: { onSuccess?: () => void; onSettled?: () => void }) => void;
  isPending: boolean;
  variables?: CommentChange;
}

interface CommentThreadProps {
  /** The comments, oldest first, a page at a time (the pages' rows joined: `select`). */
  comments: UseInfiniteQueryResult<CommentLike[]>;
  /** The save mutation of this thread (add, edit, delete). */
  save: SaveComment;
  canComment: boolean;
  /** Who `@` suggests in a new comment (a work item's project members); none: a plain textarea. */
  mentionable?: readonly UserSummary[];
}

/**
 * A discussion, oldest first: people add comments (markdown), and edit and delete their own.
 * Work items and product items (requirements, specs, plans) both use it with their own calls.
 */
export function CommentThread({ comments, save, canComment, mentionable }: CommentThreadProps) {
  const { me } = useCurrentEnterprise();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CommentLike | null>(null);

  function add() {
    const problem = commentError(notes);
    if (problem) return setError(problem);
    save.mutate(
      { notes: notes.trim() },
      {
        onSuccess: () => {
          setNotes('');
          setError(null);
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <SectionList
        query={comments}
        what="The comments"
        testId="comments"
        skeletons={2}
        empty={`No comments yet.${canComment ? ' Start the discussion below.' : ''}`}
      >
        {(rows) => (
          <Stack gap="sm" data-testid="comment-list">
            {rows.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                own={comment.user.userId === me.userId && canComment}
                save={save}
                onDelete={() => setDeleting(comment)}
              />
            ))}
          </Stack>
        )}
      </SectionList>
      <ShowMore query={comments}>Show more comments</ShowMore>
      {canComment && (
        <Stack gap="xs">
          <MentionTextarea
            label="Comment"
            placeholder={
              mentionable ? 'Write a comment (markdown; @ names a member)' : 'Write a comment (markdown)'
            }
            autosize
            minRows={3}
            maxRows={12}
            value={notes}
            error={error}
            people={mentionable ?? []}
            onChange={(value) => {
              setNotes(value);
              setError(null);
            }}
            onKeyDown={(event) => {
              // Ctrl/Cmd+Enter sends, as in most comment boxes.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) add();
            }}
          />
          <Group justify="flex-end">
            <Button onClick={add} loading={save.isPending && !save.variables?.journalId}>
              Comment
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete comment"
        loading={save.isPending}
        onConfirm={() =>
          deleting &&
          save.mutate(
            { journalId: deleting.id, remove: true },
            {
              onSuccess: () => notifications.show({ color: 'green', message: 'Comment deleted' }),
              onSettled: () => setDeleting(null),
            },
          )
        }
      >
        <Text size="sm">Delete your comment? It cannot be brought back.</Text>
      </ConfirmModal>
    </Stack>
  );
}

interface CommentItemProps {
  comment: CommentLike;
  own: boolean;
  save: SaveComment;
  onDelete: () => void;
}

function CommentItem({ comment, own, save, onDelete }: CommentItemProps) {
  // The thread shares one mutation: this comment is saving when the edit in flight is its own.
  const saving = save.isPending && save.variables?.journalId === comment.id && !save.variables?.remove;
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = comment.user.nickname || comment.user.login;
  const edited = comment.updatedAt !== comment.createdAt;

  function submit() {
    if (draft === null) return;
    const problem = commentError(draft);
    if (problem) return setError(problem);
    save.mutate(
      { journalId: comment.id, notes: draft.trim(), version: comment.version },
      { onSuccess: () => setDraft(null) },
    );
  }

  return (
    <Paper withBorder p="sm" data-testid={`comment-${comment.id}`}>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Group gap="xs" wrap="nowrap">
          <Avatar size={24} radius="xl" color="brand">
            {initials(name)}
          </Avatar>
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <RelativeTime value={comment.createdAt} />
          {edited && (
            <Text size="xs" c="dimmed">
              (edited)
            </Text>
          )}
        </Group>
        {own && draft === null && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label="Edit your message"
                onClick={() => setDraft(comment.notes)}
              >
                <IconPencil size={14} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label="Delete your message"
                onClick={onDelete}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      {draft === null ? (
        <Markdown>{comment.notes}</Markdown>
      ) : (
        <Stack gap="xs">
          <Textarea
            aria-label="Edit your message"
            autosize
            minRows={2}
            maxRows={12}
            value={draft}
            error={error}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setDraft(null)} disabled={saving}>
              Cancel
            </Button>
            <Button size="xs" onClick={submit} loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * The comments tab's panel of a detail's tabs, named "Discussion" rather than after its tab: a
 * lookup of the "Comment" box by its label would otherwise also find the panel around it.
 */
export function DiscussionTabPanel({
  value = 'comments',
  children,
}: {
  value?: string;
  children: ReactNode;
}) {
  const discussionId = useId();
  return (
    <Tabs.Panel value={value} pt="md" aria-labelledby={discussionId}>
      <span id={discussionId} hidden>
        Discussion
      </span>
      {children}
    </Tabs.Panel>
  );
}
