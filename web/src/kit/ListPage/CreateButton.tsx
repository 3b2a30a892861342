import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The "+ Create …" button of a list's heading or of its first-use invitation (`NothingYet`). */
export function CreateButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button leftSection={<IconPlus size={16} />} onClick={onClick}>
      {children}
    </Button>
  );
}
