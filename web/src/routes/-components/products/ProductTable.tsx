import { ActionIcon, Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Product } from '@shared/schemas/products';
import { IconPin, IconPinFilled } from '@tabler/icons-react';
import { LinkAnchor } from '../../../components/Links/Links';
import { updatedColumn } from '../../../kit/ListTable/cells';
import { type ListColumn, ListTable, type RowPicker } from '../../../kit/ListTable/ListTable';
import { UserChip } from '../work-items/WorkItemBadges';
import { ProductStatusBadge } from './ProductStatusBadge';

interface ProductTableProps {
  identifier: string;
  rows: Product[];
  /** Present when rows can be picked for the bulk delete. */
  selection?: RowPicker<Product>;
  /** Present when the user may pin (product:product:edit); otherwise the pin only shows. */
  onPin?: (product: Product) => void;
  /** The key of the product whose pin is being saved. */
  pinning?: string | null;
  onOpen: (product: Product) => void;
}

function Count({ value, label }: { value: number; label: string }) {
  return (
    <Text size="sm" ta="right" c={value === 0 ? 'dimmed' : undefined} aria-label={`${value} ${label}`}>
      {value}
    </Text>
  );
}

function PinCell({
  product,
  onPin,
  pinning,
}: Pick<ProductTableProps, 'onPin' | 'pinning'> & { product: Product }) {
  const pinned = product.topAt !== null;
  if (!onPin) {
    return (
      pinned && (
        <Tooltip label="Pinned">
          <IconPinFilled size={16} color="var(--mantine-color-brand-6)" aria-label="Pinned" />
        </Tooltip>
      )
    );
  }
  return (
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
  );
}

function NameCell({ product, identifier }: { product: Product; identifier: string }) {
  return (
    <Stack gap={2}>
      <Group gap={8} wrap="wrap" style={{ rowGap: 2 }}>
        <LinkAnchor
          to="/$identifier/products/$productId"
          params={{ identifier, productId: product.id }}
          size="sm"
          fw={600}
          c="var(--mantine-color-text)"
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
        <Text size="xs" c="dimmed" lineClamp={1} title={product.description}>
          {product.description}
        </Text>
      )}
    </Stack>
  );
}

const count = (key: keyof Product & string, title: string, label: string): ListColumn<Product> => ({
  key,
  title,
  align: 'right',
  role: 'tertiary',
  render: (product) => <Count value={product[key] as number} label={label} />,
});

/** The product list: pin, name and key, owner, counts, status and last change per row. */
export function ProductTable({ identifier, rows, selection, onPin, pinning, onOpen }: ProductTableProps) {
  const columns: ListColumn<Product>[] = [
    {
      key: 'pin',
      title: <VisuallyHidden>Pinned</VisuallyHidden>,
      width: 44,
      render: (product) => <PinCell product={product} onPin={onPin} pinning={pinning} />,
    },
    {
      key: 'name',
      title: 'Product',
      role: 'title',
      render: (product) => <NameCell product={product} identifier={identifier} />,
    },
    {
      key: 'owner',
      title: 'Owner',
      role: 'secondary',
      render: (product) => <UserChip user={product.owner} />,
    },
    count('userRequirementCount', 'Requirements', 'user requirements'),
    count('specCount', 'Specs', 'requirement specs'),
    count('planCount', 'Plans', 'plans'),
    { key: 'status', title: 'Status', render: (product) => <ProductStatusBadge status={product.status} /> },
    updatedColumn<Product>(),
  ];
  return (
    <ListTable
      rows={rows}
      columns={columns}
      testId="product-table"
      rowTestId={(product) => `product-row-${product.identifier}`}
      rowTitle={(product) => product.name}
      onOpen={onOpen}
      selection={
        selection && {
          ...selection,
          allLabel: 'Select all products on this page',
          rowLabel: (product) => `Select ${product.name}`,
        }
      }
    />
  );
}
