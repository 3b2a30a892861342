import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from '../EnterpriseShell/Brand';
import { LinkAnchor } from '../Links/Links';

/** The centred card of the sign-in and sign-up pages. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} gap="lg">
        <Center>
          <Brand />
        </Center>
        <Paper withBorder shadow="sm" p="xl">
          <Stack gap={4} mb="lg">
            <Title order={1} fz={24}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </Stack>
    </Center>
  );
}

/**
 * The line under the sign-in or sign-up form that leads to the other one ("New here? Create an
 * account"), passing on where to go once signed in.
 */
export function AuthSwitch({
  question,
  to,
  goPage,
  children,
}: {
  question: string;
  to: '/login' | '/signup';
  goPage: string | undefined;
  children: ReactNode;
}) {
  return (
    <Text size="sm" c="dimmed" ta="center" mt="lg">
      {question}{' '}
      <LinkAnchor to={to} search={{ go_page: goPage }} fw={500}>
        {children}
      </LinkAnchor>
    </Text>
  );
}
