import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DocDetail, DocTreeNode } from '@shared/schemas/docs';
import { type FormEvent, useEffect, useState } from 'react';
import { errorText } from '../../../api/errors';
import { useCreateFolder, useUpdateDoc } from '../../../queries/docs';
import { useDocsPlace } from './paths';

const MAX_TITLE = 120;

/** New folder (in `parent`, or at the top), or the new name of any node (`rename`). */
export function FolderModal({
  opened,
  parent,
  rename,
  onClose,
  onCreated,
}: {
  opened: boolean;
  parent: string | null;
  rename: DocTreeNode | null;
  onClose: () => void;
  /** A new folder: the menu opens it (which also unfolds the folders above it). */
  onCreated?: (folder: DocDetail) => void;
}) {
  const place = useDocsPlace();
  const create = useCreateFolder();
  const update = useUpdateDoc();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setTitle(rename?.title ?? '');
      setError(null);
    }
  }, [opened, rename]);
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = title.trim();
    if (!value) return setError('Please enter a name');
    if (value.length > MAX_TITLE) return setError(`A name has at most ${MAX_TITLE} characters`);
    const done = {
      onSuccess: (doc: DocDetail) => {
        notifications.show({ message: rename ? `Renamed to ${value}` : `Created folder ${value}` });
        onClose();
        if (!rename) onCreated?.(doc);
      },
      onError: (failure: unknown) => setError(errorText(failure)),
    };
    if (rename) update.mutate({ id: rename.id, version: rename.version, title: value }, done);
    else create.mutate({ space: place.space, title: value, root_id: parent }, done);
  }

  return (
    <Modal
      opened={opened}
      onClose={() => !pending && onClose()}
      title={rename ? `Rename ${rename.title}` : 'New folder'}
    >
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Name"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={error}
            data-autofocus
            maxLength={MAX_TITLE + 20}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              {rename ? 'Rename' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
