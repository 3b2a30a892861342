import { Checkbox, Table, Text } from '@mantine/core';
import type { Spec } from '@shared/schemas/requirements';
import { LinkAnchor } from '../../../components/Links/Links';
import { PriorityBadge, TagBadges, UserChip } from '../work-items/WorkItemBadges';
import { RequirementStatusBadge } from './RequirementStatusBadge';

interface SpecTableProps {
  identifier: string;
  productId: string;
  rows: Spec[];
  /** Present when rows can be selected for a batch action. */
  selection?: {
    selected: ReadonlySet<string>;
    toggle: (row: Spec) => void;
    toggleAll: (rows: Spec[]) => void;
  };
  onOpen: (row: Spec) => void;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The requirement specs of a product: a click on a row opens it, checkboxes select for the batch bar. */
export function SpecTable({ identifier, productId, rows, selection, onOpen }: SpecTableProps) {
  const selectedCount = selection ? rows.filter((row) => selection.selected.has(row.id)).length : 0;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing={10} horizontalSpacing="xs" highlightOnHover data-testid="spec-table">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all specs on this page"
                  checked={selectedCount > 0 && selectedCount === rows.length}
                  indeterminate={selectedCount > 0 && selectedCount < rows.length}
                  onChange={() => selection.toggleAll(rows)}
                />
              </Table.Th>
            )}
            <Table.Th miw={180}>Title</Table.Th>
            <Table.Th style={NOWRAP}>Type</Table.Th>
            <Table.Th style={NOWRAP}>Priority</Table.Th>
            <Table.Th style={NOWRAP}>Module</Table.Th>
            <Table.Th style={NOWRAP}>Plan</Table.Th>
            <Table.Th style={NOWRAP}>Owner</Table.Th>
            <Table.Th style={NOWRAP}>Status</Table.Th>
            <Table.Th style={NOWRAP} ta="right">
              Demands
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const selected = selection?.selected.has(row.id) ?? false;
            return (
              <Table.Tr
                key={row.id}
                data-testid={`spec-row-${row.number}`}
                bg={selected ? 'var(--mantine-color-brand-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('a, button, input, label')) return;
                  onOpen(row);
                }}
              >
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select SR-${row.number}`}
                      checked={selected}
                      onChange={() => selection.toggle(row)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <LinkAnchor
                    to="/$identifier/products/$productId/demand/$demandIde"
                    params={{ identifier, productId, demandIde: row.id }}
                    size="sm"
                    fw={550}
                    c="var(--mantine-color-text)"
                    lineClamp={2}
                  >
                    <Text span c="dimmed" size="sm">
                      SR-{row.number}
                    </Text>{' '}
                    {row.title}
                  </LinkAnchor>
                  {row.tags.length > 0 && (
                    <div style={{ marginTop: 4 }}>
                      <TagBadges tags={row.tags} max={3} />
                    </div>
                  )}
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <Text size="sm">{row.typeName}</Text>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <PriorityBadge priority={row.priority} size="sm" />
                </Table.Td>
                <Table.Td maw={120}>
                  <Text size="sm" truncate c={row.moduleName ? undefined : 'dimmed'}>
                    {row.moduleName ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td maw={120}>
                  <Text size="sm" truncate c={row.planTitle ? undefined : 'dimmed'}>
                    {row.planTitle ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td maw={120}>
                  <UserChip user={row.owner} empty="—" />
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <RequirementStatusBadge kind="spec" status={row.status} size="sm" />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" c={row.demandCount === 0 ? 'dimmed' : undefined}>
                    {row.demandCount}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
