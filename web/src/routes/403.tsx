import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenPage } from '../components/StatusPage/StatusPage';

/** Forbidden. No user info is loaded here (spec section 2). */
export const Route = createFileRoute('/403')({
  component: ForbiddenPage,
});
