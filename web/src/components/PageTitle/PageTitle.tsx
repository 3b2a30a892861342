import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageTitleProps {
  title: ReactNode;
  /** One dimmed line under the title saying what the page is for. */
  children?: ReactNode;
}

/** The heading every page starts with, so pages look alike. */
export function PageTitle({ title, children }: PageTitleProps) {
  return (
    <Stack gap={4}>
      <Title order={1} fz={26}>
        {title}
      </Title>
      {children && <Text c="dimmed">{children}</Text>}
    </Stack>
  );
}
