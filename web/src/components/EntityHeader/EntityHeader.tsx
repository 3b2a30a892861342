import { ActionIcon, Anchor, Breadcrumbs, Button, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { LinkAnchor } from '../Links/Links';

/** The parts of a product's, project's or plan's heading: where it sits, and Edit and Delete. */

const DIRECTORIES = {
  products: { to: '/$identifier/products', label: 'Products' },
  projects: { to: '/$identifier/projects', label: 'Projects' },
} as const;

/** "Products › Acme app": back to the enterprise's directory, then the name. */
export function DirectoryBreadcrumbs({
  directory,
  identifier,
  name,
}: {
  directory: keyof typeof DIRECTORIES;
  identifier: string;
  name: string;
}) {
  const { to, label } = DIRECTORIES[directory];
  return (
    <Breadcrumbs separatorMargin={6}>
      <LinkAnchor to={to} params={{ identifier }} size="sm">
        {label}
      </LinkAnchor>
      <Anchor component="span" size="sm" c="dimmed" underline="never">
        {name}
      </Anchor>
    </Breadcrumbs>
  );
}

/** "Edit project" and the red bin "Delete project", each shown only with its handler. */
export function EditDeleteButtons({
  what,
  onEdit,
  onDelete,
  deleteColor,
}: {
  /** "project", "plan". */
  what: string;
  onEdit?: () => void;
  onDelete?: () => void;
  deleteColor?: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      {onEdit && (
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
          Edit {what}
        </Button>
      )}
      {onDelete && (
        <Tooltip label={`Delete ${what}`}>
          <ActionIcon
            variant="default"
            color={deleteColor}
            size={36}
            aria-label={`Delete ${what}`}
            onClick={onDelete}
          >
            <IconTrash size={18} color="var(--mantine-color-red-7)" />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
