import { Card, type CardProps, Group, type MantineSpacing, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A card of an overview page (a project's members, its activity, a chart, a sprint's figures):
 * its heading with an optional action at the right, then what it shows.
 */
export function TitledCard({
  title,
  icon,
  action,
  gap = 'sm',
  id,
  testId,
  children,
  ...card
}: Omit<CardProps, 'title'> & {
  title: ReactNode;
  /** Drawn before the title. */
  icon?: ReactNode;
  /** Right of the title: "Add members", a period picker. */
  action?: ReactNode;
  /** The room between the heading and the rows. */
  gap?: MantineSpacing;
  /** An anchor a link can scroll to ("#access-tokens"). */
  id?: string;
  testId?: string;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} fz="md">
      {title}
    </Title>
  );
  return (
    <Card id={id} data-testid={testId} {...card}>
      <Stack gap={gap}>
        <Group justify="space-between" gap="xs">
          {icon ? (
            <Group gap={6}>
              {icon}
              {heading}
            </Group>
          ) : (
            heading
          )}
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
