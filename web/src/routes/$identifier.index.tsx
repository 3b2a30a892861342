import { useDocumentTitle } from '@mantine/hooks';
import { createFileRoute } from '@tanstack/react-router';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { accessGuard } from '../lib/route-guards';
import { DeskPage } from './-components/desk/DeskPage';
import { Welcome } from './-components/desk/Welcome';

/** Enterprise home: the work desk, or for a member without it, who they are here and where to go. */
export const Route = createFileRoute('/$identifier/')({
  beforeLoad: accessGuard('home'),
  component: HomePage,
});

function HomePage() {
  const { enterprise, access } = useCurrentEnterprise();
  useDocumentTitle(`${enterprise.name} · Workspace`);
  return access.workdesk ? <DeskPage /> : <Welcome />;
}
