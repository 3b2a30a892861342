import {
  ActionIcon,
  Badge,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { Product } from '@shared/schemas/products';
import { IconPin, IconPinFilled } from '@tabler/icons-react';
import { LinkAnchor } from '../../../components/Links/Links';
import { RelativeTime } from '../../../components/RelativeTime/RelativeTime';
import { UserChip } from '../work-items/WorkItemBadges';
import { ProductStatusBadge } from './ProductStatusBadge';

interface ProductTableProps {
  identifier: string;
  rows: Product[];
  /** Present when rows can be picked for the bulk delete. */
  selection?: {
    selected: ReadonlySet<string>;
    toggle: (product: Product) => void;
    toggleAll: (rows: Product[]) => void;
  };
  /** Present when the user may pin (product:product:edit); otherwise the pin only shows. */
  onPin?: (product: Product) => void;
  /** The key of the product whose pin is being saved. */
  pinning?: string | null;
  onOpen: (product: Product) => void;
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

function Count({ value, label }: { value: number; label: string }) {
  return (
    <Text size="sm" ta="right" c={value === 0 ? 'dimmed' : undefined} aria-label={`${value} ${label}`}>
      {value}
    </Text>
  );
}

/** The product list: pin, name and key, owner, counts, status and last change per row. */
export function ProductTable({ identifier, rows, selection, onPin, pinning, onOpen }: ProductTableProps) {
  const selectedCount = selection ? rows.filter((row) => selection.selected.has(row.id)).length : 0;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing={10} highlightOnHover data-testid="product-table">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all products on this page"
                  checked={selectedCount > 0 && selectedCount === rows.length}
                  indeterminate={selectedCount > 0 && selectedCount < rows.length}
                  onChange={() => selection.toggleAll(rows)}
                />
              </Table.Th>
            )}
            <Table.Th w={44}>
              <VisuallyHidden>Pinned</VisuallyHidden>
            </Table.Th>
            <Table.Th miw={240}>Product</Table.Th>
            <Table.Th style={NOWRAP}>Owner</Table.Th>
            <Table.Th style={NOWRAP} ta="right">
              Requirements
            </Table.Th>
            <Table.Th style={NOWRAP} ta="right">
              Specs
            </Table.Th>
            <Table.Th style={NOWRAP} ta="right">
              Plans
            </Table.Th>
            <Table.Th style={NOWRAP}>Status</Table.Th>
            <Table.Th style={NOWRAP}>Updated</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((product) => {
            const selected = selection?.selected.has(product.id) ?? false;
            const pinned = product.topAt !== null;
            return (
              <Table.Tr
                key={product.id}
                data-testid={`product-row-${product.identifier}`}
                bg={selected ? 'var(--mantine-color-brand-light)' : undefined}
                style={{ cursor: 'pointer' }}
                // A click anywhere on the row opens the product; the name link is the keyboard way.
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('a, button, input, label')) return;
                  onOpen(product);
                }}
              >
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${product.name}`}
                      checked={selected}
                      onChange={() => selection.toggle(product)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  {onPin ? (
                    <Tooltip label={pinned ? 'Unpin' : 'Pin to the top'}>
                      <ActionIcon
                        variant={pinned ? 'light' : 'subtle'}
                        color={pinned ? 'brand' : 'gray'}
                        // Unpinned rows keep a quiet pin, so the pinned ones stand out.
                        style={pinned ? undefined : { opacity: 0.45 }}
                        aria-label={pinned ? `Unpin ${product.name}` : `Pin ${product.name}`}
                        aria-pressed={pinned}
                        loading={pinning === product.identifier}
                        onClick={() => onPin(product)}
                      >
                        {pinned ? <IconPinFilled size={16} /> : <IconPin size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  ) : (
                    pinned && (
                      <Tooltip label="Pinned">
                        <IconPinFilled size={16} color="var(--mantine-color-brand-6)" aria-label="Pinned" />
                      </Tooltip>
                    )
                  )}
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Group gap={8} wrap="wrap" style={{ rowGap: 2 }}>
                      <LinkAnchor
                        to="/$identifier/products/$productId"
                        params={{ identifier, productId: product.id }}
                        size="sm"
                        fw={600}
                        c="var(--mantine-color-text)"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {product.name}
                      </LinkAnchor>
                      <Group gap={6} wrap="nowrap">
                        <Badge size="sm" variant="outline" color="gray" tt="none" ff="monospace">
                          {product.identifier}
                        </Badge>
                        {product.isMember && (
                          <Badge size="xs" variant="light" color="gray">
                            Member
                          </Badge>
                        )}
                      </Group>
                    </Group>
                    {product.description && (
                      <Text size="xs" c="dimmed" lineClamp={1}>
                        {product.description}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <UserChip user={product.owner} />
                </Table.Td>
                <Table.Td>
                  <Count value={product.userRequirementCount} label="user requirements" />
                </Table.Td>
                <Table.Td>
                  <Count value={product.specCount} label="requirement specs" />
                </Table.Td>
                <Table.Td>
                  <Count value={product.planCount} label="plans" />
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <ProductStatusBadge status={product.status} />
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <RelativeTime value={product.updatedAt} size="sm" />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
