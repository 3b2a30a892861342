import { Button, Group, type MantineSpacing, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A settings section's heading: its title and, below, what the setting does. */
export function SectionHeading({
  title,
  size = 'lg',
  children,
}: {
  title: ReactNode;
  /** `md` for a section of one item's page (a repository's policies), `lg` for a settings page's. */
  size?: 'md' | 'lg';
  /** What the setting does, dimmed. */
  children?: ReactNode;
}) {
  return (
    <Stack gap={2}>
      <Title order={2} fz={size}>
        {title}
      </Title>
      {children && (
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      )}
    </Stack>
  );
}

/**
 * One section of a settings page (the enterprise's settings, a repository's): a bordered card with
 * its heading, what the setting does, and then its form or actions.
 */
export function SettingsSection({
  title,
  size,
  description,
  testId,
  children,
}: {
  title: ReactNode;
  size?: 'md' | 'lg';
  description?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="xl" data-testid={testId}>
      <Stack gap="md">
        <SectionHeading title={title} size={size}>
          {description}
        </SectionHeading>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A settings form's Save at its bottom right, busy while saving (`disabled` until something
 * changed, where the form tells); `children` stand left of it ("Discard changes").
 */
export function SaveRow({
  pending,
  disabled,
  mt,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  /** More room above it than the form's gap. */
  mt?: MantineSpacing;
  children?: ReactNode;
}) {
  return (
    <Group justify="flex-end" mt={mt}>
      {children}
      <Button type="submit" loading={pending} disabled={disabled}>
        Save
      </Button>
    </Group>
  );
}
