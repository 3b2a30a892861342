import { Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../api/errors';
import { RefusableConfirmModal, useRefusal } from '../../../components/ConfirmModal/ConfirmModal';
import { artifactKeys, type ContentTarget, canDeleteContent, targetLabel, useDeleteContent } from './queries';

const WHAT: Record<ContentTarget['kind'], string> = {
  asset: 'asset',
  component: 'component and all its assets',
  folder: 'folder and everything in it',
};

/**
 * Asks before deleting an asset, a component or a folder. It reads canDelete first: what a
 * snapshot or a promotion holds, or a lock, is said in the dialog and cannot be confirmed; a
 * refusal of the delete itself (something changed meanwhile) is said there too.
 */
export function DeleteContentModal({
  repositoryId,
  target,
  onClose,
  onDeleted,
}: {
  repositoryId: string;
  target: ContentTarget | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const check = useQuery({
    queryKey: [...artifactKeys.contents(repositoryId), 'canDelete', target],
    queryFn: () => canDeleteContent(repositoryId, target as ContentTarget),
    enabled: target !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const remove = useDeleteContent(repositoryId);
  const [failure, setFailure] = useRefusal(target);
  const holds = check.data?.holds ?? [];
  const refusal =
    failure ??
    (check.isError
      ? errorText(check.error)
      : holds.length > 0
        ? holds.map((h) => `${h.message}.`).join(' ')
        : null);

  return (
    <RefusableConfirmModal
      opened={target !== null}
      onClose={onClose}
      title={target ? `Delete ${targetLabel(target)}?` : 'Delete'}
      loading={remove.isPending || check.isPending}
      refusal={refusal}
      refusalTestId="content-delete-refusal"
      onConfirm={() =>
        target &&
        remove.mutate(target, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `${targetLabel(target)} deleted` });
            onDeleted?.();
            onClose();
          },
          onError: (error) => setFailure(errorText(error)),
        })
      }
    >
      <Stack gap="xs">
        <Text size="sm">
          This {target ? WHAT[target.kind] : 'item'} will be deleted from the repository. Clients that
          installed it keep their copy; new installs will not find it.
        </Text>
        {check.isPending && (
          <Text size="sm" c="dimmed" component="div">
            <Loader size="xs" mr={6} display="inline-block" /> Checking whether anything holds it…
          </Text>
        )}
      </Stack>
    </RefusableConfirmModal>
  );
}
