import { Notifications } from '@mantine/notifications';

/**
 * Where notifications show. Its own module so that app.tsx can load it after the first render:
 * the container and its transitions are about 11 KB gzipped that no first screen needs. A
 * notification shown before it arrives waits in the notifications store and appears with it.
 */
export function AppNotifications() {
  return <Notifications position="top-center" limit={4} />;
}
