import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../components/StatusPage/StatusPage';
import type { RouterContext } from '../router';

/**
 * The global layout. It loads nothing: /403 and /404 must render without user info (spec section
 * 2); the signed-in areas (`_authed`, `$identifier`) load what they need.
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return <Outlet />;
}
