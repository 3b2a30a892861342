import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { caseCode } from '@shared/domain/testing';
import type { CaseDetail, SpecRef } from '@shared/schemas/testcases';
import { IconAlertTriangle, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { RefList } from '../../../components/RefList/RefList';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { ConfirmedAction } from '../../../kit/ConfirmedAction/ConfirmedAction';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { isStaleVersion } from '../../../queries/factory';
import { caseQueryOptions, useConfirmCases, useDeleteCases, useUpdateCase } from '../../../queries/testcases';
import { IssueRefList } from '../work-items/IssueRefList';
import { displayName, PriorityBadge } from '../work-items/WorkItemBadges';
import { CaseForm } from './CaseForm';
import { caseValuesOf } from './case-form';
import { CaseDrawerTitle, CaseTagBadges, useCaseTagOptions } from './fields';
import { StepsTable } from './StepsTable';

interface CaseDrawerProps {
  projectId: string;
  /** The project's product (the specs picker of the edit form); null without one. */
  productId: string | null;
  caseId: string;
  onClose: () => void;
}

/** A case over the library: what it checks and covers, and its edit form (URL-addressable). */
export function CaseDrawer({ projectId, productId, caseId, onClose }: CaseDrawerProps) {
  const detail = useQuery(caseQueryOptions(caseId));
  const data = detail.data;
  const [editing, setEditing] = useState(false);

  // Another case opened in place of this one: start in view mode.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the case changes
  useEffect(() => setEditing(false), [caseId]);

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="min(880px, 100vw)"
      padding="lg"
      title={<CaseDrawerTitle item={data} />}
    >
      {!data ? (
        <Stack gap="md" aria-busy aria-label="Loading the case">
          <Skeleton h={24} w="50%" />
          <Skeleton h={80} />
          <Skeleton h={160} />
        </Stack>
      ) : editing ? (
        <CaseEdit
          projectId={projectId}
          productId={productId}
          detail={data}
          onDone={() => setEditing(false)}
        />
      ) : (
        <CaseView projectId={projectId} detail={data} onEdit={() => setEditing(true)} onDeleted={onClose} />
      )}
    </Drawer>
  );
}

function CaseEdit({
  projectId,
  productId,
  detail,
  onDone,
}: {
  projectId: string;
  productId: string | null;
  detail: CaseDetail;
  onDone: () => void;
}) {
  const update = useUpdateCase(projectId);
  const [stale, setStale] = useState(false);
  return (
    <CaseForm
      projectId={projectId}
      productId={productId}
      initial={caseValuesOf(detail)}
      knownSpecs={detail.specs}
      submitLabel="Save"
      saving={update.isPending}
      onCancel={onDone}
      notice={
        stale && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            data-testid="case-stale"
          >
            Someone else saved this case while you were editing. Their version has been loaded: save again to
            replace it with yours, or cancel to see theirs.
          </Alert>
        )
      }
      onSubmit={async (fields) => {
        try {
          // The version of the case as last loaded: after a 409 it is the other person's.
          await update.mutateAsync({ id: detail.id, body: { ...fields, version: detail.version } });
        } catch (error) {
          if (isStaleVersion(error)) setStale(true);
          throw error;
        }
        notifications.show({ color: 'green', message: `${caseCode(detail.caseNumber)} saved` });
        onDone();
      }}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="sm" fw={650}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Prose({ text, empty }: { text: string; empty: string }) {
  return text.trim() === '' ? (
    <Text size="sm" c="dimmed">
      {empty}
    </Text>
  ) : (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {text}
    </Text>
  );
}

function CaseView({
  projectId,
  detail,
  onEdit,
  onDeleted,
}: {
  projectId: string;
  detail: CaseDetail;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { can } = useCurrentEnterprise();
  const tags = useCaseTagOptions();
  const confirm = useConfirmCases(projectId);
  const remove = useDeleteCases(projectId);
  const code = caseCode(detail.caseNumber);
  const canEdit = can('test:case:edit');
  const canRemove = can('test:case:remove');

  return (
    <Stack gap="lg" data-testid="case-view">
      {detail.needsConfirmation && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="A covered spec changed: review and confirm"
          data-testid="case-flag"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Check the steps against the changed spec below, edit them if needed (saving confirms the case),
              or confirm the case as it is.
            </Text>
            {canEdit && (
              <Button
                size="xs"
                color="yellow"
                loading={confirm.isPending}
                onClick={() =>
                  confirm.mutate([detail.id], {
                    onSuccess: () => notifications.show({ color: 'green', message: `${code} confirmed` }),
                  })
                }
              >
                Confirm
              </Button>
            )}
          </Stack>
        </Alert>
      )}

      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="gray" tt="none">
            {detail.typeName}
          </Badge>
          <PriorityBadge priority={detail.priority} />
          <Badge variant="outline" color="gray" tt="none">
            {detail.moduleName || 'No module'}
          </Badge>
          <CaseTagBadges tagIds={detail.tagIds} byId={tags.byId} max={6} />
        </Group>
        {(canEdit || canRemove) && (
          <Group gap="xs" wrap="nowrap">
            {canEdit && (
              <ActionButton icon={IconPencil} onClick={onEdit}>
                Edit
              </ActionButton>
            )}
            {canRemove && (
              <ConfirmedAction
                trigger={(open) => (
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <Button variant="subtle" color="gray" size="xs" px={6} aria-label="More actions">
                        <IconDots size={16} />
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={open}>
                        Delete case
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                )}
                title={`Delete ${code}?`}
                confirmLabel="Delete case"
                loading={remove.isPending}
                onConfirm={(close) =>
                  remove.mutate([detail.id], {
                    onSuccess: () => {
                      notifications.show({ color: 'green', message: `${code} deleted` });
                      close();
                      onDeleted();
                    },
                  })
                }
              >
                <Text size="sm">
                  <b>{detail.title}</b> leaves the library. Test sheets that ran it keep what it was.
                </Text>
              </ConfirmedAction>
            )}
          </Group>
        )}
      </Group>

      <Section title="Preconditions">
        <Prose text={detail.precondition} empty="None" />
      </Section>

      <Section title="Steps">
        <StepsTable steps={detail.steps} empty="No steps written yet." />
      </Section>

      <Section title="Remark">
        <Prose text={detail.remark} empty="None" />
      </Section>

      <Section title={`Covered specs (${detail.specs.length})`}>
        <SpecRefList specs={detail.specs} />
      </Section>

      <Section title={`Linked work items (${detail.linkedIssues.length})`}>
        <IssueRefList
          items={detail.linkedIssues}
          projectId={projectId}
          empty="No work item is linked to this case."
        />
      </Section>

      <Text size="xs" c="dimmed">
        Written by {displayName(detail.creator)} · created <RelativeTime value={detail.createdAt} /> · updated{' '}
        <RelativeTime value={detail.updatedAt} />
      </Text>
    </Stack>
  );
}

/** The specs a case covers: each links to its page in the product, flagged when it changed. */
function SpecRefList({ specs }: { specs: readonly SpecRef[] }) {
  const { enterprise, access } = useCurrentEnterprise();
  return (
    <RefList
      items={specs}
      empty="This case covers no requirement spec."
      keyOf={(spec) => spec.id}
      testIdOf={(spec) => `spec-ref-${spec.id}`}
      start={(spec) => (
        <Stack gap={0} miw={0}>
          {access.products ? (
            <LinkAnchor
              to="/$identifier/products/$productId/demand/$demandIde"
              params={{
                identifier: enterprise.enterpriseIdentifier,
                productId: spec.productId,
                demandIde: spec.id,
              }}
              size="sm"
              lineClamp={1}
            >
              {spec.title}
            </LinkAnchor>
          ) : (
            <Text size="sm" lineClamp={1}>
              {spec.title}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {spec.productName}
          </Text>
        </Stack>
      )}
      end={(spec) => (
        <>
          {spec.changed && (
            <Tooltip label="The spec changed since this case was last confirmed">
              <Badge size="sm" color="orange" variant="light" tt="none">
                Unconfirmed change
              </Badge>
            </Tooltip>
          )}
          <Badge size="sm" color="gray" variant="outline" tt="none">
            {spec.statusName}
          </Badge>
        </>
      )}
    />
  );
}
