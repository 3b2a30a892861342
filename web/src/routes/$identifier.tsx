import { computeAccess } from '@shared/permissions/access';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { rememberEnterprise } from '../api/enterprise-context';
import { EnterpriseShell } from '../components/EnterpriseShell/EnterpriseShell';
import { FullPageLoader } from '../components/PageLoader/PageLoader';
import { CurrentEnterpriseProvider } from '../lib/current-enterprise';
import { guardedLoad } from '../lib/route-guards';
import { enterpriseQueryOptions, enterpriseUserInfoQueryOptions } from '../queries/enterprise';

/**
 * The enterprise area (spec section 2, startup): look the enterprise up by its identifier, remember
 * its identifier and hosting address for the request url rules, then load the current user by the
 * enterprise's department id. Children get `enterprise`, `me` and `access` in their context for
 * their access checks; components read the live values through useCurrentEnterprise().
 */
export const Route = createFileRoute('/$identifier')({
  beforeLoad: async ({ context: { queryClient }, params, location }) => {
    const enterprise = await guardedLoad(
      () => queryClient.ensureQueryData(enterpriseQueryOptions(params.identifier)),
      location.publicHref,
    );
    rememberEnterprise(enterprise.enterpriseIdentifier, enterprise.gitlinkUrl);
    const me = await guardedLoad(
      () => queryClient.ensureQueryData(enterpriseUserInfoQueryOptions(enterprise.deptId)),
      location.publicHref,
    );
    return { enterprise, me, access: computeAccess(me, enterprise.ownerId) };
  },
  component: EnterpriseLayout,
  pendingComponent: FullPageLoader,
});

function EnterpriseLayout() {
  const { identifier } = Route.useParams();
  const { data: enterprise } = useSuspenseQuery(enterpriseQueryOptions(identifier));
  const { data: me } = useSuspenseQuery(enterpriseUserInfoQueryOptions(enterprise.deptId));
  const access = useMemo(() => computeAccess(me, enterprise.ownerId), [me, enterprise.ownerId]);

  // The hosting address can change in the settings; keep the url rules on the current one.
  useEffect(() => {
    rememberEnterprise(enterprise.enterpriseIdentifier, enterprise.gitlinkUrl);
  }, [enterprise.enterpriseIdentifier, enterprise.gitlinkUrl]);

  return (
    <CurrentEnterpriseProvider enterprise={enterprise} me={me} access={access}>
      <EnterpriseShell>
        <Outlet />
      </EnterpriseShell>
    </CurrentEnterpriseProvider>
  );
}
