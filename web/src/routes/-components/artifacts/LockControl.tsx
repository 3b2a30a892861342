import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ArtifactRepository } from '@shared/schemas/artifacts';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { useLockRepository } from './queries';

/** Lock or unlock a repository, after a confirmation that says what the lock does. */
export function LockControl({ repository }: { repository: ArtifactRepository }) {
  const [open, setOpen] = useState(false);
  const lock = useLockRepository();
  const locking = !repository.locked;
  return (
    <>
      <Button
        variant="default"
        leftSection={locking ? <IconLock size={16} /> : <IconLockOpen size={16} />}
        onClick={() => setOpen(true)}
      >
        {locking ? 'Lock' : 'Unlock'}
      </Button>
      <ConfirmModal
        opened={open}
        onClose={() => setOpen(false)}
        title={`${locking ? 'Lock' : 'Unlock'} ${repository.name}?`}
        confirmLabel={locking ? 'Lock' : 'Unlock'}
        confirmColor={locking ? 'orange' : undefined}
        loading={lock.isPending}
        onConfirm={() =>
          lock.mutate(
            { id: repository.id, locked: locking },
            {
              onSuccess: () => {
                notifications.show({
                  color: 'green',
                  message: `${repository.name} ${locking ? 'locked' : 'unlocked'}`,
                });
                setOpen(false);
              },
            },
          )
        }
      >
        <Text size="sm">
          {locking
            ? 'Every publish, upload and delete will be refused until the repository is unlocked. Reading and installing go on.'
            : 'Publishing, uploading and deleting are allowed again, under the repository’s write policy.'}
        </Text>
      </ConfirmModal>
    </>
  );
}
