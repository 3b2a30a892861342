import { Avatar, Badge, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PRODUCT_STATUS } from '@shared/domain/products';
import type { Product } from '@shared/schemas/products';
import { IconLock, IconLockOpen, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { DirectoryBreadcrumbs } from '../../../components/EntityHeader/EntityHeader';
import { initials } from '../../../components/UserMenu/UserMenu';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { ConfirmedAction } from '../../../kit/ConfirmedAction/ConfirmedAction';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { useUpdateProduct } from '../../../queries/products';
import { displayName, UserChip } from '../work-items/WorkItemBadges';
import { ProductFormModal } from './ProductFormModal';
import { ProductStatusBadge } from './ProductStatusBadge';

/** Avatars shown before "+n". */
const SHOWN_MEMBERS = 5;

/** Name, key, status, owner and members of the product, with edit and close/reopen. */
export function ProductHeader({ product }: { product: Product }) {
  const { enterprise, can } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  const canEdit = can('product:product:edit');
  const [editing, setEditing] = useState(false);
  const update = useUpdateProduct();
  const active = product.status === PRODUCT_STATUS.active;

  /** `done`: the confirmation of a close, shut once the product is closed. */
  function setStatus(status: 1 | 2, done?: () => void) {
    update.mutate(
      { id: product.id, version: product.version, status },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message:
              status === PRODUCT_STATUS.closed ? `${saved.name} is closed` : `${saved.name} is active again`,
          });
          done?.();
        },
      },
    );
  }

  const others = product.members.length - SHOWN_MEMBERS;
  return (
    <Stack gap={6}>
      <DirectoryBreadcrumbs directory="products" identifier={identifier} name={product.name} />
      {/* On a phone the buttons go under the name instead of squeezing it. */}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={6} miw={0} style={{ flex: '1 1 360px' }}>
          <Group gap="sm" style={{ rowGap: 4 }}>
            <Title order={1} fz={26} style={{ overflowWrap: 'anywhere' }}>
              {product.name}
            </Title>
            <Badge
              size="lg"
              variant="outline"
              color="gray"
              tt="none"
              ff="monospace"
              style={{ flexShrink: 0 }}
            >
              {product.identifier}
            </Badge>
            <ProductStatusBadge status={product.status} size="lg" style={{ flexShrink: 0 }} />
          </Group>
          <Group gap="lg" style={{ rowGap: 4 }}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" c="dimmed">
                Owner
              </Text>
              <UserChip user={product.owner} />
            </Group>
            <Group gap={6} wrap="nowrap" data-testid="product-members">
              <Text size="sm" c="dimmed">
                {product.members.length} {product.members.length === 1 ? 'member' : 'members'}
              </Text>
              <Tooltip.Group openDelay={200} closeDelay={100}>
                <Avatar.Group spacing={4}>
                  {product.members.slice(0, SHOWN_MEMBERS).map((member) => (
                    <Tooltip key={member.userId} label={displayName(member)} withArrow>
                      <Avatar size={28} radius="xl" color="brand">
                        {initials(displayName(member))}
                      </Avatar>
                    </Tooltip>
                  ))}
                  {others > 0 && (
                    <Tooltip
                      withArrow
                      label={product.members
                        .slice(SHOWN_MEMBERS)
                        .map((member) => displayName(member))
                        .join(', ')}
                    >
                      <Avatar size={28} radius="xl">
                        +{others}
                      </Avatar>
                    </Tooltip>
                  )}
                </Avatar.Group>
              </Tooltip.Group>
            </Group>
          </Group>
          {product.description && (
            <Text c="dimmed" size="sm" lineClamp={2} maw={860}>
              {product.description}
            </Text>
          )}
        </Stack>
        {canEdit && (
          <Group gap="xs" wrap="nowrap">
            <ActionButton icon={IconPencil} size="sm" onClick={() => setEditing(true)}>
              Edit product
            </ActionButton>
            <ConfirmedAction
              trigger={(open) =>
                active ? (
                  <ActionButton icon={IconLock} size="sm" onClick={open}>
                    Close product
                  </ActionButton>
                ) : (
                  <ActionButton
                    icon={IconLockOpen}
                    size="sm"
                    loading={update.isPending}
                    onClick={() => setStatus(PRODUCT_STATUS.active)}
                  >
                    Reopen product
                  </ActionButton>
                )
              }
              title="Close product"
              confirmLabel="Close product"
              confirmColor="dark"
              loading={update.isPending}
              onConfirm={(close) => setStatus(PRODUCT_STATUS.closed, close)}
            >
              <Text size="sm">
                Close <b>{product.name}</b>? It stays readable with its requirements, specs and plans, and can
                be reopened at any time.
              </Text>
            </ConfirmedAction>
          </Group>
        )}
      </Group>
      {canEdit && <ProductFormModal opened={editing} onClose={() => setEditing(false)} product={product} />}
    </Stack>
  );
}
