import { ActionIcon, type ActionIconProps, Anchor, Breadcrumbs, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ActionButton } from '../../kit/ActionButton/ActionButton';
import { MoreMenu } from '../../kit/MoreMenu/MoreMenu';
import { LinkAnchor } from '../Links/Links';

/** The parts of a product's, project's, plan's or sheet's heading: where it sits, Edit and Delete. */

/** A card's title: a link to its page, bold and large in the text colour. */
export const CardTitleLink: typeof LinkAnchor = (props) => (
  <LinkAnchor fw={650} fz="lg" c="var(--mantine-color-text)" {...props} />
);

/** One fact under a heading or on a card (its dates, owner, progress): its icon, then the text, dimmed. */
export function Fact({ icon: Icon, children }: { icon: TablerIcon; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={15} color="var(--mantine-color-dimmed)" />
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

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
        <ActionButton icon={IconPencil} size="sm" onClick={onEdit}>
          Edit {what}
        </ActionButton>
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

/** Edit and Delete in a "⋯" menu (a plan's card, a sheet's heading), each only with its handler. */
export function EditDeleteMenu({
  label,
  size,
  onEdit,
  onDelete,
}: {
  /** The menu button's accessible name: "Actions for Beta". */
  label: string;
  size?: ActionIconProps['size'];
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <MoreMenu
      label={label}
      size={size}
      items={onEdit ? [{ label: 'Edit', icon: IconPencil, onClick: onEdit }] : []}
      remove={onDelete && { label: 'Delete', onClick: onDelete }}
    />
  );
}
