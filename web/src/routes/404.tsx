import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../components/StatusPage/StatusPage';

/** Unknown page. No user info is loaded here (spec section 2). */
export const Route = createFileRoute('/404')({
  component: NotFoundPage,
});
