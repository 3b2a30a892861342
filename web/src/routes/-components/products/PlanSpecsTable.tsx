import { Card, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Plan } from '@shared/schemas/products';
import type { Spec } from '@shared/schemas/requirements';
import { IconListCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LinkAnchor } from '../../../components/Links/Links';
import { NothingYet } from '../../../kit/ListPage/ListPage';
import { planSpecsQueryOptions } from '../../../queries/products';
import { RequirementStatusBadge } from '../requirements/RequirementStatusBadge';
import { PriorityBadge, UserChip } from '../work-items/WorkItemBadges';

interface PlanSpecsTableProps {
  identifier: string;
  productId: string;
  planId: string;
  pageNum: number;
  onPage: (pageNum: number) => void;
  /** The spec shown in the drawer, highlighted in the table. */
  openId: string | null;
  onOpen: (spec: Spec) => void;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The specs in a plan: number, title, priority, status and owner; a row opens the spec. */
export function PlanSpecsTable({
  identifier,
  productId,
  planId,
  pageNum,
  onPage,
  openId,
  onOpen,
}: PlanSpecsTableProps) {
  const {
    data: page,
    isError,
    isPlaceholderData,
  } = useQuery(planSpecsQueryOptions(productId, planId, pageNum));
  if (isError) {
    return (
      <Text c="red" size="sm" py="md">
        The plan's specs could not be loaded.
      </Text>
    );
  }
  if (!page) {
    return (
      <Stack gap="sm" aria-busy aria-label="Loading the plan's specs" p="md">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h={20} />
        ))}
      </Stack>
    );
  }
  if (page.total === 0) {
    return (
      <NothingYet
        icon={<IconListCheck size={28} />}
        title="No specs in this plan"
        description="Move reviewed specs into it from the Requirement specs tab."
        testId="plan-specs-empty"
      />
    );
  }
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table
          verticalSpacing={10}
          highlightOnHover
          data-testid="plan-specs"
          style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>Number</Table.Th>
              <Table.Th miw={260}>Title</Table.Th>
              <Table.Th style={NOWRAP}>Priority</Table.Th>
              <Table.Th style={NOWRAP}>Status</Table.Th>
              <Table.Th style={NOWRAP}>Owner</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.rows.map((spec) => (
              <Table.Tr
                key={spec.id}
                data-testid={`plan-spec-${spec.number}`}
                bg={spec.id === openId ? 'var(--mantine-color-brand-light)' : undefined}
                style={{ cursor: 'pointer' }}
                // A click anywhere on the row opens the spec; the title link is the keyboard way.
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('a, button')) return;
                  onOpen(spec);
                }}
              >
                <Table.Td style={NOWRAP}>
                  <Text size="sm" c="dimmed" ff="monospace">
                    SR-{spec.number}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <LinkAnchor
                    to="/$identifier/products/$productId/plan/$planId/$needsId"
                    params={{ identifier, productId, planId, needsId: spec.id }}
                    size="sm"
                    fw={550}
                    c="var(--mantine-color-text)"
                    lineClamp={2}
                  >
                    {spec.title}
                  </LinkAnchor>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <PriorityBadge priority={spec.priority} />
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <RequirementStatusBadge kind="spec" status={spec.status} />
                </Table.Td>
                <Table.Td>
                  <UserChip user={spec.owner} empty="No owner" />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="flex-end" px="md" pb="md">
          <Pagination total={pages} value={pageNum} onChange={onPage} aria-label="Spec pages" />
        </Group>
      )}
    </Stack>
  );
}

/** The card around the plan's table, with the count in its heading; it keeps the table's page. */
export function PlanSpecsCard({
  plan,
  ...table
}: Omit<PlanSpecsTableProps, 'productId' | 'planId' | 'pageNum' | 'onPage'> & { plan: Plan }) {
  const [pageNum, setPageNum] = useState(1);
  const { specCount } = plan;
  return (
    <Card p={0}>
      <Group justify="space-between" px="md" pt="md" pb="xs">
        <Text fw={650}>Specs in this plan</Text>
        <Text size="sm" c="dimmed">
          {specCount} {specCount === 1 ? 'spec' : 'specs'}
        </Text>
      </Group>
      <PlanSpecsTable
        {...table}
        productId={plan.productId}
        planId={plan.id}
        pageNum={pageNum}
        onPage={setPageNum}
      />
    </Card>
  );
}
