import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';

/**
 * A small button of the knowledge base's toolbars (the sidebar's "Page", "Folder", "File"; a
 * page's "Edit", "History", "Preview"): its icon, then its word; the toolbar's main action filled,
 * the others plain.
 */
export function ToolButton({
  icon: ToolIcon,
  main = false,
  loading,
  onClick,
  children,
}: {
  icon: Icon;
  main?: boolean;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <ActionButton variant={main ? 'filled' : 'default'} icon={ToolIcon} loading={loading} onClick={onClick}>
      {children}
    </ActionButton>
  );
}
