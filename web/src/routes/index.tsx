import { createFileRoute, isRedirect, redirect } from '@tanstack/react-router';
import { FullPageLoader } from '../components/PageLoader/PageLoader';
import { guardedLoad } from '../lib/route-guards';
import { meQueryOptions } from '../queries/auth';

/**
 * Startup with an empty first segment (spec section 2): fetch the current user.
 * - The spec sends a user whose info holds a code-hosting address to that address with
 *   `path=organizes` (the platform's organization list). This workspace is its own code platform:
 *   `gitlinkUrl` is our own origin and its organization list is the enterprise switcher, so a
 *   signed-in user goes to /enterprises.
 * - 401: the API client's 401 rule sends the browser to the sign-in page with go_page.
 * - No address, or any other failure: /404.
 */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context: { queryClient }, location }) => {
    let gitlinkUrl: string;
    try {
      ({ gitlinkUrl } = await guardedLoad(
        () => queryClient.ensureQueryData(meQueryOptions()),
        location.publicHref,
      ));
    } catch (error) {
      if (isRedirect(error)) throw error;
      throw redirect({ to: '/404' });
    }
    throw redirect({ to: gitlinkUrl ? '/enterprises' : '/404' });
  },
  pendingComponent: FullPageLoader,
});
