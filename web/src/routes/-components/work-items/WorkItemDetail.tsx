import { ActionIcon, Alert, Badge, Group, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { ISSUE_KIND_LABELS, type IssueKind, isIssueKind } from '@shared/domain/work-item-workflow';
import type { IssueDetail } from '@shared/schemas/issues';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DiscussionTabPanel } from '../../../components/CommentThread/CommentThread';
import { ConfirmRemoveModal } from '../../../components/ConfirmModal/ConfirmModal';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { issueQueryOptions, useDeleteIssue } from '../../../queries/issues';
import { ReferencedInDocs } from '../docs/ReferencedInDocs';
import { WatchToggle } from '../notifications/WatchToggle';
import { ItemCodePanel } from '../repositories/ItemCodePanel';
import { CommentsPanel } from './CommentsPanel';
import { DescriptionEditor } from './DescriptionEditor';
import { HistoryPanel } from './HistoryPanel';
import { IssueRefList } from './IssueRefList';
import { ItemDetailFrame, ItemLoadFailed } from './ItemDetailFrame';
import { KIND_ROUTES } from './kinds';
import { LinksPanel } from './LinksPanel';
import { OpenFullPageLink } from './OpenFullPageLink';
import { useSaveIssue } from './save-issue';
import { TestCasesPanel } from './TestCasesPanel';
import { EditTitleButton, TitleForm, TitleHeading } from './TitleEditor';
import { displayName } from './WorkItemBadges';
import { WorkItemFields } from './WorkItemFields';
import { DetailSkeleton, useWorkItemPanel } from './work-item-panel';

interface WorkItemDetailProps {
  id: string;
  projectId: string;
  /** In the drawer (one column, "Open full page") or as the detail page (fields on the side). */
  variant: 'drawer' | 'page';
}

/** One work item with everything about it; the drawer and the detail page both show this. */
export function WorkItemDetail({ id, projectId, variant }: WorkItemDetailProps) {
  const { data: issue, isError } = useQuery(issueQueryOptions(id));
  if (isError) {
    return <ItemLoadFailed what="work item" />;
  }
  if (!issue) return <DetailSkeleton />;
  // A new item starts afresh (open editors belong to the one that was shown).
  return <LoadedDetail key={issue.id} issue={issue} projectId={projectId} variant={variant} />;
}

function LoadedDetail({
  issue,
  projectId,
  variant,
}: { issue: IssueDetail } & Omit<WorkItemDetailProps, 'id'>) {
  const { enterprise, can } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const panel = useWorkItemPanel();
  const navigate = useNavigate();
  const [stale, setStale] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [editingTitle, setEditingTitle] = useState(false);
  const editor = useSaveIssue(issue, projectId, () => setStale(true));
  const remove = useDeleteIssue(projectId);
  const kind: IssueKind = isIssueKind(issue.pmIssueType) ? issue.pmIssueType : 1;
  const canEdit = can('project:issue:edit');
  const canAdd = can('project:issue:add');
  // The linked cases come from the case library's list, which needs its own permission.
  const canSeeCases = can('test:case:list');
  const canSeeCode = can('code:repository:list');
  const params = { identifier, projectId, workItemId: issue.id };

  const header = (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="xs">
          <Badge variant="outline" color="gray">
            {ISSUE_KIND_LABELS[kind].one}
          </Badge>
          <Text size="xs" c="dimmed">
            Created by {displayName(issue.author)} <RelativeTime value={issue.createdAt} inherit /> · updated{' '}
            <RelativeTime value={issue.updatedAt} inherit />
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <WatchToggle identifier={identifier} issueId={issue.id} />
          {/* In the drawer its title bar shows the title; the pencil sits with the other actions. */}
          {variant === 'drawer' && canEdit && !editingTitle && (
            <EditTitleButton onClick={() => setEditingTitle(true)} />
          )}
          {variant === 'drawer' && <OpenFullPageLink to={KIND_ROUTES[kind].detail} params={params} />}
          {can('project:issue:remove') && (
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete #${issue.issueNumber}`}
                onClick={() => setDeleting(true)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      {editingTitle ? (
        <TitleForm issue={issue} editor={editor} onDone={() => setEditingTitle(false)} />
      ) : (
        variant === 'page' && (
          <TitleHeading issue={issue} onEdit={canEdit ? () => setEditingTitle(true) : undefined} />
        )
      )}
      {stale && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Someone else changed this item"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setStale(false)}
        >
          The latest version is shown now. Make your change again if it is still needed.
        </Alert>
      )}
    </Stack>
  );

  const fields = (columns: number) => (
    <WorkItemFields issue={issue} projectId={projectId} editor={editor} canEdit={canEdit} columns={columns} />
  );

  /** The tabs after the comments, each with its count when it has one. */
  const sections = [
    { value: 'history', label: 'History', panel: <HistoryPanel issueId={issue.id} /> },
    {
      value: 'children',
      label: 'Children',
      count: issue.children.length,
      panel: (
        <Stack gap="sm">
          <IssueRefList items={issue.children} projectId={projectId} empty="No child items." />
          {canAdd && (
            <Group>
              <ActionButton variant="light" icon={IconPlus} onClick={() => panel.openCreate(kind, issue)}>
                Add child
              </ActionButton>
            </Group>
          )}
        </Stack>
      ),
    },
    {
      value: 'links',
      label: 'Links',
      count: issue.links.length,
      panel: <LinksPanel issue={issue} projectId={projectId} canEdit={canEdit} />,
    },
    // No counter: the item's detail does not carry its cases, and the tab loads them when opened.
    {
      value: 'cases',
      label: 'Test cases',
      shown: canSeeCases,
      panel: <TestCasesPanel issueId={issue.id} projectId={projectId} canEdit={canEdit} />,
    },
    {
      value: 'docs',
      label: 'Referenced in docs',
      shown: can('docs:doc:list'),
      panel: <ReferencedInDocs issueId={issue.id} />,
    },
    {
      value: 'code',
      label: 'Code',
      shown: canSeeCode,
      panel: <ItemCodePanel issue={issue} projectId={projectId} canCreateBranch={can('code:branch:add')} />,
    },
  ].filter((section) => section.shown !== false);

  const tabs = (
    <Tabs defaultValue="comments" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="comments">Comments</Tabs.Tab>
        {sections.map(({ value, label, count }) => (
          <Tabs.Tab
            key={value}
            value={value}
            rightSection={count === undefined ? undefined : <Counter value={count} />}
          >
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <DiscussionTabPanel>
        <CommentsPanel issueId={issue.id} projectId={projectId} canComment={can('project:issue:comment')} />
      </DiscussionTabPanel>
      {sections.map(({ value, panel }) => (
        <Tabs.Panel key={value} value={value} pt="md">
          {panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );

  const confirm = (
    <ConfirmRemoveModal
      target={deleting ? issue : null}
      idOf={(item) => item.id}
      remove={remove}
      removed={(item) => `${ISSUE_KIND_LABELS[kind].one} #${item.issueNumber} deleted`}
      onRemoved={() => {
        if (variant === 'drawer') panel.closeItem();
        else void navigate({ to: KIND_ROUTES[kind].list, params: { identifier, projectId } });
      }}
      // On failure (it still has children) the client said why; the dialog stays for another try.
      onClose={() => setDeleting(false)}
      title={`Delete ${ISSUE_KIND_LABELS[kind].one.toLowerCase()}`}
    >
      {(item) => (
        <Text size="sm">
          Delete{' '}
          <b>
            #{item.issueNumber} {item.title}
          </b>
          ? Its comments and history go with it.
          {item.children.length > 0 && ' It still has child items: move or delete them first.'}
        </Text>
      )}
    </ConfirmRemoveModal>
  );

  return (
    <ItemDetailFrame
      variant={variant}
      testId="work-item-detail"
      header={header}
      fields={fields}
      body={<DescriptionEditor issue={issue} editor={editor} canEdit={canEdit} />}
      tabs={tabs}
      dialogs={confirm}
      sideStickyTop={72}
    />
  );
}

function Counter({ value }: { value: number }) {
  if (value === 0) return null;
  return (
    <Badge size="xs" variant="light" color="gray" circle>
      {value}
    </Badge>
  );
}
