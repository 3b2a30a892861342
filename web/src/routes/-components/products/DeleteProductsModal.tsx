import { List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Product } from '@shared/schemas/products';
import { ConfirmModal } from '../../../components/ConfirmModal/ConfirmModal';
import { useDeleteProducts } from '../../../queries/products';

interface DeleteProductsModalProps {
  /** The products to delete; the dialog is open while there are any. */
  products: readonly Pick<Product, 'id' | 'name' | 'identifier'>[];
  onClose: () => void;
  onDeleted: () => void;
}

/** Deleting several products at once (all or nothing), naming each one. */
export function DeleteProductsModal({ products, onClose, onDeleted }: DeleteProductsModalProps) {
  const remove = useDeleteProducts();
  const count = products.length;
  const noun = count === 1 ? 'product' : 'products';

  function confirm() {
    remove.mutate(
      products.map((product) => product.id),
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `${count} ${noun} deleted` });
          onDeleted();
        },
      },
    );
  }

  return (
    <ConfirmModal
      opened={count > 0}
      onClose={onClose}
      title={`Delete ${count} ${noun}`}
      confirmLabel={`Delete ${noun}`}
      loading={remove.isPending}
      onConfirm={confirm}
    >
      <Stack gap="sm">
        <Text size="sm">
          {count === 1 ? 'This product goes' : 'These products go'} with their modules, plans, user
          requirements, specs and comments; linked projects stay but lose the link. This cannot be undone.
        </Text>
        <List size="sm" spacing={4} data-testid="products-to-delete">
          {products.map((product) => (
            <List.Item key={product.id}>
              <b>{product.name}</b>{' '}
              <Text span size="sm" c="dimmed" ff="monospace">
                {product.identifier}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </ConfirmModal>
  );
}
