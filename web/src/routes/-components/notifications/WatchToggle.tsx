import { Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { useWatch, watchersQueryOptions } from '../../../queries/notifications';

/** Watch / Unwatch a work item; the tooltip names who watches it. */
export function WatchToggle({ identifier, issueId }: { identifier: string; issueId: string }) {
  const watchers = useQuery(watchersQueryOptions(identifier, issueId)).data;
  const watch = useWatch(identifier, issueId);
  if (!watchers) return null;
  const names = watchers.watchers.map((w) => w.nickname).join(', ') || 'Nobody watches it';
  return (
    <Tooltip label={names}>
      <ActionButton
        size="compact-sm"
        variant={watchers.watching ? 'light' : 'subtle'}
        icon={watchers.watching ? IconEyeOff : IconEye}
        loading={watch.isPending}
        onClick={() => watch.mutate(!watchers.watching)}
        aria-pressed={watchers.watching}
        data-testid="watch-toggle"
      >
        {watchers.watching ? 'Unwatch' : 'Watch'} · {watchers.watchers.length}
      </ActionButton>
    </Tooltip>
  );
}
