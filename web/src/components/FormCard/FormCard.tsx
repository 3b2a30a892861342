import { Paper, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/**
 * A page's form on a bordered card (creating an enterprise, changing the password): the fields
 * in a column, in a form the browser does not validate (the shared schemas do).
 */
export function FormCard({
  onSubmit,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">{children}</Stack>
      </form>
    </Paper>
  );
}
