import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Why an action in a dialog did not go through (a refusal, a bad file), in red under its fields. */
export function ProblemAlert({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Alert variant="light" color="red" icon={<IconAlertTriangle size={18} />} data-testid={testId}>
      {children}
    </Alert>
  );
}
