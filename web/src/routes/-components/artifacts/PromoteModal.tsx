import { Alert, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ArtifactRepository } from '@shared/schemas/artifacts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { COMBOBOX_PROPS } from '../../../kit/FormModal/fields';
import { KIND_LABELS } from './labels';
import { allRepositoriesQueryOptions } from './queries';
import { usePromote } from './snapshot-queries';

/** What a promotion copies: components or paths, from the repository now or from a snapshot. */
export interface PromoteTarget {
  label: string;
  componentIds?: string[];
  paths?: string[];
  snapshotName?: string;
}

/** The product and controlled repositories a promotion from `source` may go into. */
function useTargets(source: ArtifactRepository) {
  const query = useQuery(allRepositoriesQueryOptions());
  const targets = (query.data ?? []).filter(
    (r) => r.kind !== 'zhipin' && r.type === 'hosted' && r.format === source.format && r.id !== source.id,
  );
  return { query, targets };
}

/** Picks a product repository and copies what `promoting` names into it. */
export function PromoteModal({
  source,
  promoting,
  onClose,
}: {
  source: ArtifactRepository;
  promoting: PromoteTarget | null;
  onClose: () => void;
}) {
  const { targets } = useTargets(source);
  const promote = usePromote(source.id);
  const [targetId, setTargetId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setTargetId(null);
    setRefusal(null);
    onClose();
  };
  const submit = (event?: React.FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (!promoting) return;
    if (!targetId) {
      setRefusal('Pick the product repository to promote into.');
      return;
    }
    const { label: _label, ...what } = promoting;
    promote.mutate(
      { targetRepositoryId: targetId, ...what },
      {
        onSuccess: (result) => {
          notifications.show({
            color: 'green',
            message: `${promoting.label} promoted into ${result.target} (${result.copied.length} ${result.copied.length === 1 ? 'file' : 'files'})`,
          });
          close();
        },
        onError: (error) => setRefusal(errorText(error)),
      },
    );
  };
  return (
    <FormModal
      opened={promoting !== null}
      title={`Promote ${promoting?.label ?? ''}`}
      onClose={close}
      pending={promote.isPending}
      onSubmit={submit}
      submitLabel="Promote"
      testId="promote-modal"
    >
      <Text size="sm" c="dimmed">
        The files are copied into a product repository with who promoted them, when, and from{' '}
        {promoting?.snapshotName ? `snapshot ${promoting.snapshotName} of ` : ''}
        {source.name}. While the copy exists, the source cannot be deleted.
      </Text>
      {targets.length === 0 ? (
        <Alert color="yellow">
          There is no hosted product or controlled {source.format} repository yet; create one first.
        </Alert>
      ) : (
        <Select
          label="Product repository"
          placeholder="Pick one"
          data={targets.map((t) => ({
            value: t.id,
            label: `${t.name} · ${KIND_LABELS[t.kind].replace(/ies$/, 'y')}`,
          }))}
          value={targetId}
          onChange={(value) => {
            setTargetId(value);
            setRefusal(null);
          }}
          comboboxProps={COMBOBOX_PROPS}
          data-autofocus
        />
      )}
      {refusal && (
        <Alert color="red" data-testid="promote-refusal">
          {refusal}
        </Alert>
      )}
    </FormModal>
  );
}
