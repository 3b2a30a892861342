import { MultiSelect, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MAX_LINK_BATCH } from '@shared/schemas/repositories';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { FormModal } from '../../../kit/FormModal/FormModal';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { unlinkedQueryOptions, useLinkRepositories } from '../../../queries/repositories';
import { COMBOBOX_PROPS } from '../work-items/fields';

/** Pick repositories of the enterprise not linked to the project yet, and link them. */
export function LinkRepositoriesModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { enterprise } = useCurrentEnterprise();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const unlinked = useQuery({ ...unlinkedQueryOptions(projectId), enabled: opened });
  const link = useLinkRepositories(projectId);
  useEffect(() => {
    if (opened) {
      setChosen([]);
      setError(null);
    }
  }, [opened]);
  const options = (unlinked.data ?? []).map((r) => ({
    value: r.id,
    label: `${r.name} (${new URL(r.cloneUrl).host})`,
  }));

  function submit(event?: React.FormEvent) {
    event?.preventDefault();
    if (chosen.length === 0) {
      setError('Choose at least one repository');
      return;
    }
    link.mutate(chosen, {
      onSuccess: (rows) => {
        notifications.show({
          color: 'green',
          message: rows.length === 1 ? `${rows[0]?.name} linked` : `${rows.length} repositories linked`,
        });
        onClose();
      },
    });
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Link repositories"
      pending={link.isPending}
      onSubmit={submit}
      submitLabel="Link"
    >
      <MultiSelect
        data-autofocus
        label="Repositories"
        placeholder={
          unlinked.isPending ? 'Loading…' : chosen.length === 0 ? 'Choose repositories' : undefined
        }
        data={options}
        value={chosen}
        onChange={(value) => {
          setChosen(value);
          setError(null);
        }}
        searchable
        maxValues={MAX_LINK_BATCH}
        nothingFoundMessage={
          options.length === 0 ? 'Every repository is linked already' : 'No repository matches'
        }
        comboboxProps={COMBOBOX_PROPS}
        error={error}
      />
      {unlinked.data && unlinked.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No repository is left to link.{' '}
          <LinkAnchor to="/$identifier/codes" params={{ identifier: enterprise.enterpriseIdentifier }}>
            Connect one under Code
          </LinkAnchor>{' '}
          first.
        </Text>
      )}
    </FormModal>
  );
}
