import { Button } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

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
    <Button
      size="xs"
      variant={main ? undefined : 'default'}
      leftSection={<ToolIcon size={14} />}
      loading={loading}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
