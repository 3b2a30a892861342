import { Group, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type RequirementAction, USER_REQUIREMENT_STATUS } from '@shared/domain/requirement-workflow';
import type { UserRequirementDetail as Detail } from '@shared/schemas/requirements';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { DetailLayout } from '../../../kit/DetailLayout/DetailLayout';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import {
  useDeleteUserRequirement,
  useReviewUserRequirement,
  userRequirementQueryOptions,
  useUpdateUserRequirement,
} from '../../../queries/requirements';
import { ItemLoadFailed } from '../work-items/ItemDetailFrame';
import { PriorityBadge, TagBadges } from '../work-items/WorkItemBadges';
import { ActionBar, useWorkflowButtons } from './ActionBar';
import {
  DetailField,
  DetailFieldGrid,
  Dimmed,
  LastReviewField,
  SectionTitle,
  TextSection,
} from './DetailFields';
import { sourceName } from './fields';
import {
  DeleteIconButton,
  RequirementMeta,
  RequirementTabs,
  ReviewAndDeleteDialogs,
} from './RequirementDetailParts';
import { RequirementStatusBadge } from './RequirementStatusBadge';
import { SpecFormModal } from './SpecFormModal';
import { UserRequirementFormModal } from './UserRequirementFormModal';

interface UserRequirementDetailProps {
  productId: string;
  id: string;
}

/** A user requirement ("raw need") with its workflow, the specs refined from it, history and comments. */
export function UserRequirementDetail({ productId, id }: UserRequirementDetailProps) {
  const { data: item, isError } = useQuery(userRequirementQueryOptions(id));
  if (isError) {
    return (
      <ItemLoadFailed what="user requirement">
        It may have been deleted. Go back to the list and reload it.
      </ItemLoadFailed>
    );
  }
  if (!item) {
    return (
      <Stack gap="md" aria-busy aria-label="Loading the user requirement">
        <Skeleton h={28} w="70%" />
        <Skeleton h={30} w="50%" />
        <Skeleton h={160} />
      </Stack>
    );
  }
  return <LoadedRequirement key={item.id} item={item} productId={productId} />;
}

type Dialog =
  | { type: 'edit' | 'change' | 'refine' | 'delete' }
  | { type: 'review'; result: 'pass' | 'reject' };

function LoadedRequirement({ item, productId }: { item: Detail; productId: string }) {
  const { enterprise, can } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const navigate = useNavigate();
  const review = useReviewUserRequirement(productId);
  const update = useUpdateUserRequirement(productId);
  const remove = useDeleteUserRequirement(productId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [running, setRunning] = useState<RequirementAction | null>(null);
  const code = `UR-${item.number}`;

  const buttons = useWorkflowButtons('userRequirement', productId, item);

  function move(action: 'close' | 'reopen') {
    setRunning(action);
    update.mutate(
      { id: item.id, version: item.version, status: action === 'close' ? 4 : 1 },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: action === 'close' ? `${code} closed` : `${code} reopened: it waits for review`,
          }),
        onSettled: () => setRunning(null),
      },
    );
  }

  function onAction(action: RequirementAction) {
    if (action === 'pass' || action === 'reject') return setDialog({ type: 'review', result: action });
    if (action === 'close' || action === 'reopen') return move(action);
    if (action === 'edit' || action === 'change' || action === 'refine') setDialog({ type: action });
  }

  return (
    <DetailLayout
      testId="user-requirement-detail"
      main={
        <>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <RequirementMeta code={code} kind="userRequirement" item={item} />
              {can('product:requirement:remove') && (
                <DeleteIconButton code={code} onClick={() => setDialog({ type: 'delete' })} />
              )}
            </Group>
            <Title order={2} fz={22} style={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Title>
            <ActionBar buttons={buttons} onAction={onAction} running={running} />
          </Stack>
          <TextSection title="Description" text={item.description} empty="No description." />
          <RefinedSpecs item={item} identifier={identifier} productId={productId} />
          <RequirementTabs kind="userRequirement" id={item.id} />
        </>
      }
      side={
        <DetailFieldGrid columns={1}>
          <DetailField label="Source">{item.sourceName || sourceName(item.source)}</DetailField>
          <DetailField label="Priority">
            <PriorityBadge priority={item.priority} />
          </DetailField>
          <DetailField label="Module">{item.moduleName ?? <Dimmed>No module</Dimmed>}</DetailField>
          <DetailField label="Tags">
            {item.tags.length > 0 ? <TagBadges tags={item.tags} max={6} /> : <Dimmed>No tags</Dimmed>}
          </DetailField>
          <LastReviewField review={item.lastReview} />
        </DetailFieldGrid>
      }
    >
      {(dialog?.type === 'edit' || dialog?.type === 'change') && (
        <UserRequirementFormModal
          productId={productId}
          mode={dialog.type}
          item={item}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.type === 'refine' && (
        <SpecFormModal
          productId={productId}
          mode="create"
          initial={{
            title: item.title,
            description: item.description,
            priority: item.priority,
            moduleId: item.moduleId,
            tagIds: item.tags.map((tag) => tag.id),
          }}
          userRequirement={item}
          onClose={() => setDialog(null)}
        />
      )}
      <ReviewAndDeleteDialogs
        dialog={dialog}
        code={code}
        item={item}
        review={review}
        deletion={{
          what: 'user requirement',
          blocked: item.specs.length > 0 && 'Specs still refine it: delete or move them first.',
          remove,
          onDeleted: () =>
            void navigate({ to: '/$identifier/products/$productId', params: { identifier, productId } }),
        }}
        onClose={() => setDialog(null)}
      />
    </DetailLayout>
  );
}

/** What to do next when no spec refines it yet: it depends on whether it passed its review. */
export function noSpecYet(status: number): string {
  if (status === USER_REQUIREMENT_STATUS.reviewed)
    return 'No spec yet: refine it into specs the team can plan.';
  if (status === USER_REQUIREMENT_STATUS.closed) return 'No spec: it was closed before any was written.';
  if (status === USER_REQUIREMENT_STATUS.rejected)
    return 'No spec yet. It was rejected: edit it to send it back for review.';
  return 'No spec yet. Once it is reviewed, refine it into specs the team can plan.';
}

function RefinedSpecs({
  item,
  identifier,
  productId,
}: {
  item: Detail;
  identifier: string;
  productId: string;
}) {
  return (
    <Stack gap="xs" data-testid="refined-specs">
      <SectionTitle>Specs refined from it</SectionTitle>
      {item.specs.length === 0 ? (
        <Dimmed>{noSpecYet(item.status)}</Dimmed>
      ) : (
        <Stack gap={6}>
          {item.specs.map((spec) => (
            <Group key={spec.id} gap="xs" wrap="nowrap">
              <LinkAnchor
                to="/$identifier/products/$productId/demand/$demandIde"
                params={{ identifier, productId, demandIde: spec.id }}
                size="sm"
                lineClamp={1}
              >
                SR-{spec.number} {spec.title}
              </LinkAnchor>
              <RequirementStatusBadge kind="spec" status={spec.status} size="sm" />
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
