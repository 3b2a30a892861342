import {
  Badge,
  Box,
  Center,
  ColorSwatch,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatShortDate } from '@shared/format';
import type { MilestoneStat, QueuedRequirement, RequirementStat } from '@shared/schemas/dashboard';
import { IconBox, IconPackage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { EChart } from '../../../components/Chart/EChart';
import { LinkAnchor } from '../../../components/Links/Links';
import { SectionLoadFailed } from '../../../kit/ListPage/ListPage';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import {
  milestoneStatQueryOptions,
  myProductsQueryOptions,
  requirementStatQueryOptions,
  specStatQueryOptions,
} from '../../../queries/dashboard';
import { DeskBlock, DeskLink } from './DeskBlock';
import { type StatusCount, statusRing, themeColor } from './desk-charts';
import { ReviewLink } from './ReviewLink';

const RING_HEIGHT = 140;

/** A status ring with its total in the middle, or a note while there is nothing to draw. */
function Ring({
  label,
  byStatus,
  total,
}: {
  label: string;
  byStatus: readonly StatusCount[];
  total: number;
}) {
  const option = useMemo(() => statusRing(byStatus), [byStatus]);
  return (
    <Box pos="relative">
      <EChart option={option} ariaLabel={`${label} by status`} height={RING_HEIGHT} />
      <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
        <Stack gap={0} align="center">
          <Text fw={650} size="xl" lh={1}>
            {total}
          </Text>
          <Text size="xs" c="dimmed">
            {total === 0 ? 'none yet' : 'in total'}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}

/** The statuses with their counts, each with its colour in the ring. */
function RingLegend({ byStatus }: { byStatus: readonly StatusCount[] }) {
  return (
    <Group gap={4} justify="center">
      {byStatus.map((status) => (
        <Badge
          key={status.id}
          size="sm"
          variant="transparent"
          color="gray"
          tt="none"
          fw={500}
          leftSection={<ColorSwatch color={themeColor(status.color)} size={8} withShadow={false} />}
        >
          {status.name} {status.count}
        </Badge>
      ))}
    </Group>
  );
}

/** One statistic of the block: its heading and body, loading and failing on its own. */
function StatPanel({
  title,
  query,
  children,
}: {
  title: string;
  query: { isPending: boolean; data?: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  let body = children;
  if (query.isPending) body = <Skeleton h={RING_HEIGHT} />;
  else if (query.data === undefined)
    body = (
      <SectionLoadFailed
        message={`The ${title.toLowerCase()} could not be loaded.`}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <Stack gap="xs" miw={0}>
      <Title order={3} fz="xs" c="dimmed" tt="uppercase">
        {title}
      </Title>
      {body}
    </Stack>
  );
}

function QueueList({
  rows,
  queued,
  kind,
}: {
  rows: QueuedRequirement[];
  queued: number;
  kind: 'ur' | 'spec';
}) {
  if (queued === 0) {
    return (
      <Text size="xs" c="dimmed">
        Nothing waits for a review.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600}>
        Review queue · {queued}
      </Text>
      {rows.slice(0, 4).map((row) => (
        <ReviewLink key={row.id} spec={kind === 'spec'} productId={row.product.id} id={row.id} size="xs">
          {row.number} {row.title}
        </ReviewLink>
      ))}
    </Stack>
  );
}

function RequirementPanel({
  title,
  stat,
  kind,
}: {
  title: string;
  stat: RequirementStat;
  kind: 'ur' | 'spec';
}) {
  return (
    <>
      <Ring label={title} byStatus={stat.byStatus} total={stat.total} />
      <RingLegend byStatus={stat.byStatus} />
      <QueueList rows={stat.reviewQueue} queued={stat.queued} kind={kind} />
    </>
  );
}

function PlanList({ stat }: { stat: MilestoneStat }) {
  const { enterprise } = useCurrentEnterprise();
  if (stat.open.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No open milestone.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {stat.open.slice(0, 4).map((plan) => (
        <Stack key={plan.id} gap={2}>
          <LinkAnchor
            to="/$identifier/products/$productId/plan/$planId"
            params={{
              identifier: enterprise.enterpriseIdentifier,
              productId: plan.product.id,
              planId: plan.id,
            }}
            size="xs"
            truncate
          >
            {plan.title}
          </LinkAnchor>
          <Text size="xs" c={plan.status === 4 ? 'red' : 'dimmed'}>
            {plan.endDate ? `${plan.statusName} · ends ${formatShortDate(plan.endDate)}` : plan.statusName}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** My products: requirement and spec review queues, and the milestones' status. */
export function ProductsBlock() {
  const products = useQuery(myProductsQueryOptions());
  const [productId, setProductId] = useState('');
  const ready = (products.data?.length ?? 0) > 0;
  const requirements = useQuery({ ...requirementStatQueryOptions(productId), enabled: ready });
  const specs = useQuery({ ...specStatQueryOptions(productId), enabled: ready });
  const milestones = useQuery({ ...milestoneStatQueryOptions(productId), enabled: ready });
  const options = [
    { value: '', label: 'All my products' },
    ...(products.data ?? []).map((p) => ({ value: p.id, label: `${p.identifier} · ${p.name}` })),
  ];
  return (
    <DeskBlock
      title="My products"
      what="your products"
      icon={IconPackage}
      aside={
        ready && (
          <Select
            size="xs"
            aria-label="Product"
            data={options}
            value={productId}
            onChange={(value) => setProductId(value ?? '')}
            allowDeselect={false}
            w={240}
            comboboxProps={{ withinPortal: true }}
          />
        )
      }
      query={products}
      isEmpty={!ready}
      testId="desk-products"
      empty={{
        icon: IconBox,
        title: 'You are not a member of any product',
        description:
          "A product's owner adds its members; the requirements and specs waiting for a review and the milestones of your products show here.",
        action: <DeskLink to="/$identifier/products">Browse products</DeskLink>,
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <StatPanel title="User requirements" query={requirements}>
          {requirements.data && (
            <RequirementPanel title="User requirements" stat={requirements.data} kind="ur" />
          )}
        </StatPanel>
        <StatPanel title="Requirement specs" query={specs}>
          {specs.data && <RequirementPanel title="Requirement specs" stat={specs.data} kind="spec" />}
        </StatPanel>
        <StatPanel title="Milestones" query={milestones}>
          {milestones.data && (
            <>
              <Ring label="Milestones" byStatus={milestones.data.byStatus} total={milestones.data.total} />
              <RingLegend byStatus={milestones.data.byStatus} />
              <PlanList stat={milestones.data} />
            </>
          )}
        </StatPanel>
      </SimpleGrid>
    </DeskBlock>
  );
}
