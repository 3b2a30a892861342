import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingPlus, IconPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { LinkButton } from '../components/Links/Links';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { NothingYet } from '../kit/ListPage/ListPage';
import { loadQuery } from '../lib/route-guards';
import { meQueryOptions } from '../queries/auth';
import { myEnterprisesQueryOptions } from '../queries/enterprise';
import { EnterpriseCard } from './-components/EnterpriseCard';

/** The enterprise switcher: where a signed-in user lands (spec section 2, path=organizes). */
export const Route = createFileRoute('/_authed/enterprises/')({
  loader: (load) => loadQuery(myEnterprisesQueryOptions(), load),
  component: EnterprisesPage,
});

function EnterprisesPage() {
  useDocumentTitle('My enterprises · Workspace');
  const { data: enterprises } = useSuspenseQuery(myEnterprisesQueryOptions());
  const { data: me } = useSuspenseQuery(meQueryOptions());
  const createButton = (
    <LinkButton to="/enterprises/new" leftSection={<IconPlus size={16} />}>
      Create enterprise
    </LinkButton>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageTitle title="My enterprises">Choose an enterprise to work in, or create a new one.</PageTitle>
        {enterprises.length > 0 && createButton}
      </Group>

      {enterprises.length === 0 ? (
        <NothingYet
          icon={<IconBuildingPlus size={28} />}
          title="You are not in any enterprise yet"
          description="Create an enterprise for your organization, or ask an administrator of an existing one to add you as a member."
          action={createButton}
          testId="enterprises-empty"
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {enterprises.map((enterprise) => (
            <EnterpriseCard key={enterprise.id} enterprise={enterprise} userId={me.userId} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
