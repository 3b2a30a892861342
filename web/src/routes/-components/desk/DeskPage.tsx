import { Grid, Stack, Text, Title } from '@mantine/core';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { useGreeting } from '../../../lib/greeting';
import { Headline } from './Headline';
import { MyItemsBlock } from './MyItemsBlock';
import { ProductsBlock } from './ProductsBlock';
import { ProjectsBlock } from './ProjectsBlock';
import { RepositoriesBlock } from './RepositoriesBlock';
import { SprintsBlock } from './SprintsBlock';
import { TodoBlock } from './TodoBlock';

/**
 * The work desk (docs/work-desk.md): my items, sprints, products, code and todos, each block its
 * own query with its own loading, failure and empty state. A block whose area the member may not
 * read is left out.
 */
export function DeskPage() {
  const { enterprise, me, can } = useCurrentEnterprise();
  const name = me.user.nickname || me.user.login;
  const greeting = useGreeting(me.userId, name);
  const seesItems = can('project:issue:list');
  return (
    <Stack gap="lg" data-testid="work-desk">
      <Stack gap={2}>
        <Text c="dimmed" size="sm">
          {enterprise.name}
        </Text>
        <Title order={1} fz={28}>
          {greeting}
        </Title>
      </Stack>
      <Headline />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            {seesItems && <MyItemsBlock />}
            {seesItems && can('project:sprint:list') && <SprintsBlock />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <TodoBlock />
            {seesItems && can('code:repository:list') && <RepositoriesBlock />}
            <ProjectsBlock />
          </Stack>
        </Grid.Col>
      </Grid>
      {/* Three charts side by side need the page's whole width. */}
      {can('product:product:list') && <ProductsBlock />}
    </Stack>
  );
}
