import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { forgetEnterprise } from '../api/enterprise-context';
import { FullPageLoader } from '../components/PageLoader/PageLoader';
import { PlainShell } from '../components/PlainShell/PlainShell';
import { guardedLoad } from '../lib/route-guards';
import { meQueryOptions } from '../queries/auth';

/** Signed-in pages outside any enterprise: the enterprise switcher, creating one, the account. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context: { queryClient }, location }) => {
    // Outside an enterprise no call may carry an enterprise identifier.
    forgetEnterprise();
    const me = await guardedLoad(() => queryClient.ensureQueryData(meQueryOptions()), location.publicHref);
    return { me };
  },
  component: AuthedLayout,
  pendingComponent: FullPageLoader,
});

function AuthedLayout() {
  const { data: me } = useSuspenseQuery(meQueryOptions());
  return (
    <PlainShell user={me.user}>
      <Outlet />
    </PlainShell>
  );
}
