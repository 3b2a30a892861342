import { Modal, Skeleton, Spoiler, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { messages } from '@shared/schemas/common';
import { IconPencil, IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError } from '../../../api/errors';
import { Markdown } from '../../../components/Markdown/Markdown';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { ModalActions } from '../../../kit/FormModal/FormModal';
import { MARKDOWN_NO_HTML, MarkdownTextarea } from '../../../kit/FormModal/fields';
import { TitledCard } from '../../../kit/TitledCard/TitledCard';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { projectKeys, projectNoticeQueryOptions, useSaveNotice } from '../../../queries/projects';

const MAX_NOTICE = 10_000;

/** The project notice: markdown for everyone, written by those allowed (project:notice:edit). */
export function ProjectNotice({ projectId }: { projectId: string }) {
  const { can } = useCurrentEnterprise();
  const { data: notice, isPending } = useQuery(projectNoticeQueryOptions(projectId));
  const [editing, setEditing] = useState(false);
  const canEdit = can('project:notice:edit');
  // Version 0: nobody has written one yet, so saving adds it rather than editing it.
  const exists = notice !== undefined && notice.version > 0;

  return (
    <TitledCard
      title="Notice"
      icon={<IconSpeakerphone size={18} color="var(--mantine-color-brand-7)" />}
      action={
        canEdit &&
        notice && (
          <ActionButton
            size="compact-sm"
            variant="subtle"
            icon={exists ? IconPencil : IconPlus}
            onClick={() => setEditing(true)}
          >
            {exists ? 'Edit notice' : 'Add notice'}
          </ActionButton>
        )
      }
    >
      {isPending ? (
        <Stack gap={6} aria-busy>
          <Skeleton h={12} />
          <Skeleton h={12} w="80%" />
        </Stack>
      ) : notice?.content.trim() ? (
        <>
          <Spoiler maxHeight={240} showLabel="Show all" hideLabel="Show less">
            <Markdown>{notice.content}</Markdown>
          </Spoiler>
          {notice.updatedBy && notice.updatedAt && (
            <Text size="xs" c="dimmed">
              By {notice.updatedBy.nickname || notice.updatedBy.login},{' '}
              <RelativeTime value={notice.updatedAt} inherit />
            </Text>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No notice yet.{canEdit ? ' Post what everyone in the project should know.' : ''}
        </Text>
      )}
      {canEdit && notice && editing && (
        <NoticeModal
          projectId={projectId}
          content={notice.content}
          version={notice.version}
          onClose={() => setEditing(false)}
        />
      )}
    </TitledCard>
  );
}

interface NoticeModalProps {
  projectId: string;
  content: string;
  version: number;
  onClose: () => void;
}

function NoticeModal({ projectId, content, version, onClose }: NoticeModalProps) {
  const queryClient = useQueryClient();
  const save = useSaveNotice(projectId);
  const [draft, setDraft] = useState(content);
  const tooLong = draft.length > MAX_NOTICE;

  function submit() {
    if (tooLong) return;
    save.mutate(
      { content: draft, version },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Notice saved' });
          onClose();
        },
        onError: (error) => {
          // Someone else wrote it first (added one, or saved a newer version): show theirs.
          if (error instanceof HttpError && error.status === 409) {
            void queryClient.invalidateQueries({ queryKey: projectKeys.notice(projectId) });
            onClose();
          }
        },
      },
    );
  }

  return (
    <Modal
      opened
      onClose={() => !save.isPending && onClose()}
      title={version === 0 ? 'Add notice' : 'Edit notice'}
      size="lg"
    >
      <Stack gap="md">
        <MarkdownTextarea
          data-autofocus
          label="Notice"
          description={MARKDOWN_NO_HTML}
          minRows={6}
          maxRows={18}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          error={tooLong ? messages.tooLong('content', MAX_NOTICE) : null}
        />
        <ModalActions
          onCancel={onClose}
          pending={save.isPending}
          label="Save"
          onConfirm={submit}
          disabled={tooLong}
        />
      </Stack>
    </Modal>
  );
}
