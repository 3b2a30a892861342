import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';

interface StatusPageProps {
  code: string;
  title: string;
  description: ReactNode;
}

/** A full error page (403, 404). It loads nothing, so it works signed out and without an enterprise. */
export function StatusPage({ code, title, description }: StatusPageProps) {
  // A plain button rather than a link component: this page is part of the first script.
  const navigate = useNavigate();
  return (
    <Center mih="70vh" px="md" data-testid={`status-${code}`}>
      <Stack align="center" gap="md" maw={520} ta="center">
        <Text fz={96} fw={800} lh={1} c="brand.2" aria-hidden>
          {code}
        </Text>
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="dimmed" size="lg">
          {description}
        </Text>
        <Group justify="center" mt="sm">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={() => window.history.back()}
          >
            Go back
          </Button>
          <Button onClick={() => navigate({ to: '/enterprises' })}>My enterprises</Button>
        </Group>
      </Stack>
    </Center>
  );
}

export function NotFoundPage() {
  return (
    <StatusPage
      code="404"
      title="Page not found"
      description="The page you are looking for does not exist, or you are not a member of its enterprise."
    />
  );
}

export function ForbiddenPage() {
  return (
    <StatusPage
      code="403"
      title="Access denied"
      description="You do not have permission to open this page. Ask an administrator of the enterprise for access."
    />
  );
}
