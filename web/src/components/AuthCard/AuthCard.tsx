import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { linkProblem } from '../../lib/link-token';
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

/** Under the card of a mailed link's page (verification, unsubscribe): the way into the product. */
export function WorkspaceLink() {
  return (
    <Text size="sm" c="dimmed" ta="center" mt="lg">
      <LinkAnchor to="/">Go to the workspace</LinkAnchor>
    </Text>
  );
}

/**
 * Why a mailed link (reset, verification, invitation) does not work: no token in it, or the
 * server's reason (expired, already used); `children` follows, such as a way to a new link.
 */
export function LinkProblem({
  token,
  error,
  testId,
  children,
}: {
  token: string | undefined;
  error: unknown;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Alert color="red" data-testid={testId}>
      {token ? linkProblem(error) : 'This link is not valid; ask for a new one'}
      {children && <> {children}</>}
    </Alert>
  );
}
