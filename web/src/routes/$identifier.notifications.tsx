import { Button, Grid, Group, Paper, SegmentedControl, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { PageTitle } from '../components/PageTitle/PageTitle';
import { Pager } from '../kit/ListPage/Pager';
import { usePager } from '../kit/ListPage/use-pager';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { inboxQueryOptions, useMarkAllRead } from '../queries/notifications';
import { NotificationList } from './-components/notifications/NotificationList';
import { PreferencesSection } from './-components/notifications/PreferencesSection';

/** My inbox: every notification, paged, unread first (or unread only), and my preferences. */
export const Route = createFileRoute('/$identifier/notifications')({
  component: InboxPage,
});

function InboxPage() {
  const { enterprise } = useCurrentEnterprise();
  const identifier = enterprise.enterpriseIdentifier;
  useDocumentTitle(`Notifications · ${enterprise.name}`);
  const [pageNum, setPageNum] = useState(1);
  const [show, setShow] = useState<'all' | 'unread'>('all');
  const pager = usePager('notifications', pageNum, setPageNum);
  const { pageSize } = pager;
  const page = useQuery(inboxQueryOptions(identifier, { pageNum, pageSize, unread: show === 'unread' })).data;
  const markAll = useMarkAllRead(identifier);
  return (
    <Stack>
      <PageTitle title="Notifications" />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder>
            <Group justify="space-between" p="sm">
              <SegmentedControl
                aria-label="Show"
                value={show}
                onChange={(value) => {
                  setShow(value as 'all' | 'unread');
                  setPageNum(1);
                }}
                data={[
                  { value: 'all', label: 'All' },
                  { value: 'unread', label: 'Unread' },
                ]}
              />
              <Button
                variant="subtle"
                size="xs"
                loading={markAll.isPending}
                onClick={() => markAll.mutate(undefined)}
              >
                Mark all read
              </Button>
            </Group>
            <NotificationList identifier={identifier} rows={page?.rows ?? []} />
            {page ? (
              <Stack p="sm">
                <Pager total={page.total} noun="notifications" {...pager} />
              </Stack>
            ) : null}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PreferencesSection identifier={identifier} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
