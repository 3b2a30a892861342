import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PLAN_STATUSES } from '@shared/domain/products';
import type { SpecDemand, SpecDetail } from '@shared/schemas/requirements';
import { IconFlask, IconGitBranch, IconLayoutKanban, IconLinkOff, IconTarget } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { ShortDate } from '../../../components/RelativeTime/ShortDate';
import { ConfirmedAction } from '../../../kit/ConfirmedAction/ConfirmedAction';
import { RowAction } from '../../../kit/ListTable/RowActions';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import {
  specPlanQueryOptions,
  specProjectsQueryOptions,
  specTestcasesQueryOptions,
  useLinkDemand,
} from '../../../queries/requirements';
import { Dimmed, SectionTitle } from './DetailFields';
import { RequirementStatusBadge } from './RequirementStatusBadge';

interface TraceProps {
  identifier: string;
  productId: string;
  spec: SpecDetail;
}

function TraceGroup({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Group gap={6} c="dimmed">
        {icon}
        <Text size="xs" fw={600} tt="uppercase">
          {label}
        </Text>
      </Group>
      <Stack gap={6} pl={22}>
        {children}
      </Stack>
    </Stack>
  );
}

function Loading() {
  return <Skeleton h={20} w="70%" />;
}

/**
 * Where the spec comes from and where it went: the user requirement it refines, its plan, the
 * project demands that carry it, and the test cases that cover it.
 */
export function SpecTrace({ identifier, productId, spec }: TraceProps) {
  const plan = useQuery(specPlanQueryOptions(spec.id));
  const demands = useQuery(specProjectsQueryOptions(spec.id));
  const testcases = useQuery(specTestcasesQueryOptions(spec.id));

  return (
    <Stack gap="md" data-testid="spec-trace">
      <SectionTitle>Trace</SectionTitle>
      <TraceGroup icon={<IconGitBranch size={16} />} label="Refines">
        {spec.userRequirement ? (
          <Group gap="xs" wrap="wrap">
            <LinkAnchor
              to="/$identifier/products/$productId/needs/$needsId"
              params={{ identifier, productId, needsId: spec.userRequirement.id }}
              size="sm"
              lineClamp={1}
            >
              UR-{spec.userRequirement.number} {spec.userRequirement.title}
            </LinkAnchor>
            <RequirementStatusBadge kind="userRequirement" status={spec.userRequirement.status} size="sm" />
          </Group>
        ) : (
          <Dimmed>Not refined from a user requirement</Dimmed>
        )}
      </TraceGroup>

      <TraceGroup icon={<IconTarget size={16} />} label="Plan">
        {plan.isPending ? (
          <Loading />
        ) : plan.data ? (
          <Group gap="xs" wrap="wrap">
            <LinkAnchor
              to="/$identifier/products/$productId/plan/$planId"
              params={{ identifier, productId, planId: plan.data.id }}
              size="sm"
              lineClamp={1}
            >
              {plan.data.title}
            </LinkAnchor>
            <Badge
              size="sm"
              variant="light"
              color={PLAN_STATUSES.find((s) => s.id === plan.data?.status)?.color ?? 'gray'}
            >
              {plan.data.statusName}
            </Badge>
            {plan.data.endDate && (
              <Text size="xs" c="dimmed">
                ends <ShortDate value={plan.data.endDate} />
              </Text>
            )}
          </Group>
        ) : (
          <Dimmed>{plan.isError ? 'The plan could not be loaded' : 'Not in a plan'}</Dimmed>
        )}
      </TraceGroup>

      <TraceGroup icon={<IconLayoutKanban size={16} />} label="Project demands">
        <TraceRows
          query={demands}
          failed="The project demands could not be loaded"
          none="Not sent to any project yet"
        >
          {(demand) => (
            <DemandRow
              key={`${demand.pmsProjectId}-${demand.issueId}`}
              identifier={identifier}
              productId={productId}
              specCode={`SR-${spec.number}`}
              demand={demand}
            />
          )}
        </TraceRows>
      </TraceGroup>

      <TraceGroup icon={<IconFlask size={16} />} label="Test cases">
        <TraceRows
          query={testcases}
          failed="The test cases could not be loaded"
          none="No test cases cover this spec yet"
        >
          {(testcase) => (
            <Group key={testcase.caseId} gap="xs" wrap="nowrap">
              <Text size="sm" lineClamp={1}>
                {testcase.title}
              </Text>
              {testcase.needsConfirmation && (
                <Badge size="sm" variant="light" color="orange">
                  Needs confirmation
                </Badge>
              )}
            </Group>
          )}
        </TraceRows>
      </TraceGroup>
    </Stack>
  );
}

/** A trace group's rows: a skeleton while loading, `failed` or `none` in grey, else a row each. */
function TraceRows<T>({
  query,
  failed,
  none,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T[] | undefined };
  failed: string;
  none: string;
  children: (row: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError || !query.data) return <Dimmed>{failed}</Dimmed>;
  if (query.data.length === 0) return <Dimmed>{none}</Dimmed>;
  return <>{query.data.map(children)}</>;
}

interface DemandRowProps {
  identifier: string;
  productId: string;
  specCode: string;
  demand: SpecDemand;
}

/** A project demand that carries the spec: its project, number, title and status; unlinkable. */
function DemandRow({ identifier, productId, specCode, demand }: DemandRowProps) {
  const { can } = useCurrentEnterprise();
  const link = useLinkDemand(productId);
  const code = `#${demand.issueNumber}`;

  return (
    <Stack gap={0}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" truncate>
          {demand.projectName}
        </Text>
        {can('project:issue:edit') && (
          <ConfirmedAction
            trigger={(open) => (
              <RowAction
                tooltip="Unlink from the spec"
                label={`Unlink ${code} from ${specCode}`}
                icon={<IconLinkOff size={14} />}
                size="sm"
                onClick={open}
              />
            )}
            title="Unlink the demand"
            confirmLabel="Unlink"
            loading={link.isPending}
            onConfirm={(close) =>
              link.mutate(
                { pmsProjectId: demand.pmsProjectId, issueId: demand.issueId, specId: null },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: `${code} no longer carries ${specCode}` });
                    close();
                  },
                },
              )
            }
          >
            <Text size="sm">
              Demand{' '}
              <b>
                {code} {demand.title}
              </b>{' '}
              in {demand.projectName} stops carrying {specCode}. The demand itself stays in the project.
            </Text>
          </ConfirmedAction>
        )}
      </Group>
      <Group gap="xs" wrap="wrap">
        <LinkAnchor
          to="/$identifier/projects/$projectId/demand/$workItemId"
          params={{ identifier, projectId: demand.pmsProjectId, workItemId: demand.issueId }}
          size="sm"
          lineClamp={1}
        >
          {code} {demand.title}
        </LinkAnchor>
        <Badge size="sm" variant="light" color="gray">
          {demand.statusName}
        </Badge>
      </Group>
    </Stack>
  );
}
