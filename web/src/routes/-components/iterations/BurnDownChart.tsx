import {
  Badge,
  Card,
  Center,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { EChart } from '../../../components/Chart/EChart';
import { burnDownQueryOptions } from '../../../queries/sprints';
import { type BurnDownMode, burnDownOption, isEmptyBurnDown } from './burn-down-option';

const HEIGHT = 300;
/** What the burn-down counts: the open items, or their remaining hours. */
const MEASURES = [
  { value: 'items', label: 'Items' },
  { value: 'hours', label: 'Hours' },
];

/** Remaining items (or hours) per day against the ideal line; the stored snapshot once completed. */
export function BurnDownChart({ projectId, sprintId }: { projectId: string; sprintId: string }) {
  const { data } = useQuery(burnDownQueryOptions(projectId, sprintId));
  const [mode, setMode] = useState<BurnDownMode>('items');
  const option = useMemo(() => (data ? burnDownOption(data, mode) : null), [data, mode]);
  const empty = data !== undefined && isEmptyBurnDown(data);
  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} fz="md">
              Burn-down
            </Title>
            {data?.snapshot && (
              <Tooltip label="Stored when the sprint was completed: later changes to its items do not redraw it">
                <Badge size="sm" variant="light" color="green" data-testid="burn-down-snapshot">
                  Snapshot taken at completion
                </Badge>
              </Tooltip>
            )}
          </Group>
          <SegmentedControl
            size="xs"
            aria-label="Burn-down measure"
            data={MEASURES}
            value={mode}
            onChange={(value) => setMode(value as BurnDownMode)}
          />
        </Group>
        {option ? (
          <div style={{ position: 'relative' }}>
            <EChart option={option} ariaLabel={`Burn-down of remaining ${mode}`} height={HEIGHT} />
            {empty && (
              <Center pos="absolute" inset={0} style={{ pointerEvents: 'none' }}>
                <Text size="sm" c="dimmed">
                  No remaining items on any day
                </Text>
              </Center>
            )}
          </div>
        ) : (
          <Skeleton h={HEIGHT} />
        )}
      </Stack>
    </Card>
  );
}
