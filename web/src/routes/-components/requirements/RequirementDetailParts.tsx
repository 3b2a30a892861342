import { ActionIcon, Badge, Group, Tabs, Text, Tooltip } from '@mantine/core';
import type { RequirementKind } from '@shared/domain/requirement-workflow';
import { IconTrash } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { DiscussionTabPanel } from '../../../components/CommentThread/CommentThread';
import { ConfirmRemoveModal } from '../../../components/ConfirmModal/ConfirmModal';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { displayName } from '../work-items/WorkItemBadges';
import { ChangeHistory } from './ChangeHistory';
import { JournalsPanel } from './JournalsPanel';
import { RequirementStatusBadge } from './RequirementStatusBadge';
import { ReviewModal } from './ReviewModal';

/** The parts a spec's and a user requirement's detail share: heading line, delete, tabs. */

interface Described {
  status: number;
  author: Parameters<typeof displayName>[0];
  createdAt: string;
  updatedAt: string;
}

/** "SR-12", its status, who created it and when, and when it was last updated. */
export function RequirementMeta({
  code,
  kind,
  item,
}: {
  code: string;
  kind: RequirementKind;
  item: Described;
}) {
  return (
    <Group gap="xs">
      <Badge variant="outline" color="gray">
        {code}
      </Badge>
      <RequirementStatusBadge kind={kind} status={item.status} data-testid="requirement-status" />
      <Text size="xs" c="dimmed">
        Created by {displayName(item.author)} <RelativeTime value={item.createdAt} inherit /> · updated{' '}
        <RelativeTime value={item.updatedAt} inherit />
      </Text>
    </Group>
  );
}

/** The red bin icon of a detail's heading ("Delete SR-12"). */
export function DeleteIconButton({ code, onClick }: { code: string; onClick: () => void }) {
  return (
    <Tooltip label="Delete">
      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${code}`} onClick={onClick}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Change history and comments, and a further tab (a spec's "Referenced in docs") after them. */
export function RequirementTabs({
  kind,
  id,
  extra,
}: {
  kind: RequirementKind;
  id: string;
  extra?: { value: string; label: string; panel: ReactNode } | false;
}) {
  return (
    <Tabs defaultValue="history" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="history">Change history</Tabs.Tab>
        <Tabs.Tab value="comments">Comments</Tabs.Tab>
        {extra && <Tabs.Tab value={extra.value}>{extra.label}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="history" pt="md">
        <ChangeHistory kind={kind} id={id} />
      </Tabs.Panel>
      {extra && (
        <Tabs.Panel value={extra.value} pt="md">
          {extra.panel}
        </Tabs.Panel>
      )}
      <DiscussionTabPanel>
        <JournalsPanel objectId={id} />
      </DiscussionTabPanel>
    </Tabs>
  );
}

/**
 * "Delete SR-12 Title? Its history and comments go with it." and why it may be refused. Deleted:
 * "SR-12 deleted", the dialog closes and `onDeleted` leaves the page; refused: the client has said
 * why, and the dialog stays.
 */
export function DeleteRequirementModal({
  opened,
  what,
  code,
  item,
  blocked,
  remove,
  onClose,
  onDeleted,
}: {
  opened: boolean;
  /** "spec", "user requirement". */
  what: string;
  code: string;
  item: { id: string; title: string };
  /** Said when something still holds it (the server refuses the delete then). */
  blocked: string | false;
  /** The delete by id. */
  remove: ComponentProps<typeof ConfirmRemoveModal>['remove'];
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <ConfirmRemoveModal
      target={opened ? item : null}
      idOf={(target) => target.id}
      remove={remove}
      removed={() => `${code} deleted`}
      onRemoved={onDeleted}
      onClose={onClose}
      title={`Delete ${what}`}
    >
      {(target) => (
        <Text size="sm">
          Delete{' '}
          <b>
            {code} {target.title}
          </b>
          ? Its history and comments go with it.
          {blocked && ` ${blocked}`}
        </Text>
      )}
    </ConfirmRemoveModal>
  );
}

/**
 * The dialogs a spec's and a user requirement's detail open alike: the review (pass or reject, as
 * the button chose) and the delete, which says what still holds the requirement. Each detail adds
 * its own dialogs beside these.
 */
export function ReviewAndDeleteDialogs({
  dialog,
  code,
  item,
  review,
  deletion,
  onClose,
}: {
  /** The detail's open dialog; these two answer to `review` and `delete`. */
  dialog: { type: string; result?: 'pass' | 'reject' } | null;
  code: string;
  item: { id: string; title: string; version: number };
  review: ComponentProps<typeof ReviewModal>['review'];
  deletion: Pick<ComponentProps<typeof DeleteRequirementModal>, 'what' | 'blocked' | 'remove' | 'onDeleted'>;
  onClose: () => void;
}) {
  return (
    <>
      {dialog?.type === 'review' && dialog.result && (
        <ReviewModal
          code={code}
          title={item.title}
          id={item.id}
          version={item.version}
          initialResult={dialog.result}
          review={review}
          onClose={onClose}
        />
      )}
      <DeleteRequirementModal
        opened={dialog?.type === 'delete'}
        code={code}
        item={item}
        onClose={onClose}
        {...deletion}
      />
    </>
  );
}
