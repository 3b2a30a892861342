import { Alert, Group, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type RequirementAction, SPEC_STATUS } from '@shared/domain/requirement-workflow';
import type { SpecDetail as SpecDetailData } from '@shared/schemas/requirements';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import {
  specQueryOptions,
  useActivePlan,
  useBatchSpecs,
  useDeleteSpec,
  useReviewSpec,
  useUpdateSpec,
} from '../../../queries/requirements';
import { ReferencedInDocs } from '../docs/ReferencedInDocs';
import { ItemDetailFrame, ItemLoadFailed } from '../work-items/ItemDetailFrame';
import { OpenFullPageLink } from '../work-items/OpenFullPageLink';
import { PriorityBadge, TagBadges, UserChip } from '../work-items/WorkItemBadges';
import { ActionBar, useWorkflowButtons } from './ActionBar';
import { DetailField, DetailFieldGrid, Dimmed, LastReviewField, TextSection } from './DetailFields';
import { PlanPickerModal } from './PlanPickerModal';
import {
  DeleteIconButton,
  RequirementMeta,
  RequirementTabs,
  ReviewAndDeleteDialogs,
} from './RequirementDetailParts';
import { SendToProjectModal } from './SendToProjectModal';
import { SpecFormModal } from './SpecFormModal';
import { SpecTrace } from './SpecTrace';

export interface SpecDetailProps {
  productId: string;
  specId: string;
  /** In a drawer (one column, "Open full page") or as the detail page (fields and trace on the side). */
  variant: 'page' | 'drawer';
}

/** The statuses a spec can be sent into a project from. */
const SENDABLE: readonly number[] = [SPEC_STATUS.reviewed, SPEC_STATUS.planning];

/** A requirement spec with everything about it; the spec page and the plan page's drawer show this. */
export function SpecDetail({ productId, specId, variant }: SpecDetailProps) {
  const { data: spec, isError } = useQuery(specQueryOptions(specId));
  const [deleted, setDeleted] = useState<number | null>(null);
  if (deleted !== null) {
    return (
      <Alert color="gray" title={`SR-${deleted} was deleted`}>
        Its history and comments went with it.
      </Alert>
    );
  }
  if (isError) {
    return <ItemLoadFailed what="spec" />;
  }
  if (!spec) return <SpecSkeleton />;
  // Another spec starts afresh (open dialogs belong to the one that was shown).
  return (
    <LoadedSpec
      key={spec.id}
      spec={spec}
      productId={productId}
      variant={variant}
      onDeleted={() => setDeleted(spec.number)}
    />
  );
}

function SpecSkeleton() {
  return (
    <Stack gap="md" aria-busy aria-label="Loading the spec">
      <Skeleton h={28} w="70%" />
      <Skeleton h={30} w="50%" />
      <Skeleton h={120} />
      <Skeleton h={80} />
    </Stack>
  );
}

type Dialog =
  | { type: 'edit' | 'change' | 'activate' | 'send' | 'delete' }
  | { type: 'review'; result: 'pass' | 'reject' };

interface LoadedSpecProps {
  spec: SpecDetailData;
  productId: string;
  variant: SpecDetailProps['variant'];
  onDeleted: () => void;
}

function LoadedSpec({ spec, productId, variant, onDeleted }: LoadedSpecProps) {
  const { enterprise, can } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const review = useReviewSpec(productId);
  const update = useUpdateSpec(productId);
  const batch = useBatchSpecs(productId);
  const activePlan = useActivePlan(productId);
  const remove = useDeleteSpec(productId);
  const [running, setRunning] = useState<RequirementAction | null>(null);
  const code = `SR-${spec.number}`;

  const buttons = useWorkflowButtons('spec', productId, spec);

  /** The moves without a dialog: each is one call, with a notification when it is done. */
  function run(
    action: RequirementAction,
    call: (done: { onSuccess: () => void; onSettled: () => void }) => void,
    message: string,
  ) {
    setRunning(action);
    call({
      onSuccess: () => notifications.show({ color: 'green', message }),
      onSettled: () => setRunning(null),
    });
  }

  function onAction(action: RequirementAction) {
    switch (action) {
      case 'edit':
      case 'change':
        return setDialog({ type: action });
      case 'pass':
      case 'reject':
        return setDialog({ type: 'review', result: action });
      case 'activate':
        return setDialog({ type: 'activate' });
      case 'unplan':
        return run(
          action,
          (options) => activePlan.mutate({ ids: [spec.id], planId: null }, options),
          `${code} removed from ${spec.planTitle ?? 'its plan'}`,
        );
      case 'complete':
        return run(
          action,
          (options) => batch.mutate({ ids: [spec.id], changes: { status: 3 } }, options),
          `${code} completed`,
        );
      case 'reopen':
        return run(
          action,
          (options) => update.mutate({ id: spec.id, version: spec.version, status: 2 }, options),
          `${code} reopened`,
        );
      default:
        return undefined;
    }
  }

  /** Deleted: the drawer closes, the page goes back to the list. */
  function leave() {
    if (variant === 'drawer') onDeleted();
    else void navigate({ to: '/$identifier/products/$productId/demand', params: { identifier, productId } });
  }

  const canSend = can('project:issue:add') && SENDABLE.includes(spec.status);
  const actions = (
    <ActionBar buttons={buttons} onAction={onAction} running={running}>
      {canSend && (
        <ActionButton variant="light" icon={IconSend} onClick={() => setDialog({ type: 'send' })}>
          Send to project
        </ActionButton>
      )}
    </ActionBar>
  );

  const header = (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <RequirementMeta code={code} kind="spec" item={spec} />
        <Group gap={4} wrap="nowrap">
          {variant === 'drawer' && (
            <OpenFullPageLink
              to="/$identifier/products/$productId/demand/$demandIde"
              params={{ identifier, productId, demandIde: spec.id }}
            />
          )}
          {can('product:spec:remove') && (
            <DeleteIconButton code={code} onClick={() => setDialog({ type: 'delete' })} />
          )}
        </Group>
      </Group>
      <Title
        order={variant === 'page' ? 2 : 3}
        fz={variant === 'page' ? 22 : 18}
        style={{ overflowWrap: 'anywhere' }}
      >
        {spec.title}
      </Title>
      {actions}
    </Stack>
  );

  const fields = (columns: number) => (
    <DetailFieldGrid columns={columns}>
      <DetailField label="Type">{spec.typeName}</DetailField>
      <DetailField label="Priority">
        <PriorityBadge priority={spec.priority} />
      </DetailField>
      <DetailField label="Module">{spec.moduleName ?? <Dimmed>No module</Dimmed>}</DetailField>
      <DetailField label="Plan">{spec.planTitle ?? <Dimmed>Not in a plan</Dimmed>}</DetailField>
      <DetailField label="Owner">
        <UserChip user={spec.owner} empty="No owner" />
      </DetailField>
      <DetailField label="Estimate">
        {spec.estimatedHours === null ? <Dimmed>Not estimated</Dimmed> : `${spec.estimatedHours} h`}
      </DetailField>
      <DetailField label="Tags">
        {spec.tags.length > 0 ? <TagBadges tags={spec.tags} max={6} /> : <Dimmed>No tags</Dimmed>}
      </DetailField>
      <LastReviewField review={spec.lastReview} />
    </DetailFieldGrid>
  );

  const texts = (
    <>
      <TextSection title="Description" text={spec.description} empty="No description." />
      <TextSection title="Acceptance criteria" text={spec.acceptance} empty="No acceptance criteria yet." />
    </>
  );

  const tabs = (
    <RequirementTabs
      kind="spec"
      id={spec.id}
      extra={
        can('docs:doc:list') && {
          value: 'docs',
          label: 'Referenced in docs',
          panel: <ReferencedInDocs specId={spec.id} />,
        }
      }
    />
  );

  const dialogs = (
    <>
      {(dialog?.type === 'edit' || dialog?.type === 'change') && (
        <SpecFormModal productId={productId} mode={dialog.type} spec={spec} onClose={() => setDialog(null)} />
      )}
      {dialog?.type === 'activate' && (
        <PlanPickerModal
          productId={productId}
          ids={[spec.id]}
          subject={code}
          currentPlanId={spec.planId}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'send' && (
        <SendToProjectModal productId={productId} spec={spec} onClose={() => setDialog(null)} />
      )}
      <ReviewAndDeleteDialogs
        dialog={dialog}
        code={code}
        item={spec}
        review={review}
        deletion={{
          what: 'spec',
          blocked: spec.demandCount > 0 && 'Project demands still carry it: unlink them first.',
          remove,
          onDeleted: leave,
        }}
        onClose={() => setDialog(null)}
      />
    </>
  );

  return (
    <ItemDetailFrame
      variant={variant}
      testId="spec-detail"
      header={header}
      fields={fields}
      body={texts}
      trace={<SpecTrace identifier={identifier} productId={productId} spec={spec} />}
      tabs={tabs}
      dialogs={dialogs}
    />
  );
}
