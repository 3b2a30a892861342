import { Button, Group, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { ActionButton } from '../kit/ActionButton/ActionButton';
import { ListPage, NoMatch, NothingYet } from '../kit/ListPage/ListPage';
import { useCurrentEnterprise } from '../lib/current-enterprise';
import { fullDateTime } from '../lib/relative-time';
import { guardedLoad, searchedRoute } from '../lib/route-guards';
import { definedParams } from '../lib/search';
import { auditLogInfiniteOptions, downloadAuditCsv } from '../queries/audit';
import { AuditFilters } from './-components/audit/AuditFilters';
import { AuditTable } from './-components/audit/AuditTable';
import {
  type AuditSearch,
  auditListParams,
  hasAuditFilters,
  validateAuditSearch,
} from './-components/audit/audit-search';

/**
 * The enterprise's audit log: who changed what, when, from where, with each change's fields
 * before and after; filters in the URL, pages loaded as the list grows, the filter's entries as a
 * CSV file. Every read of it is itself an entry.
 */
export const Route = createFileRoute('/$identifier/admin/audit')({
  ...searchedRoute('adminAudit', validateAuditSearch),
  loader: async ({ context: { queryClient }, params, deps, cause, location }) => {
    const options = auditLogInfiniteOptions(params.identifier, auditListParams(deps));
    if (cause === 'stay') return void queryClient.prefetchInfiniteQuery(options);
    await guardedLoad(() => queryClient.ensureInfiniteQueryData(options), location.publicHref);
  },
  component: AuditLogPage,
});

function AuditLogPage() {
  const { enterprise } = useCurrentEnterprise();
  useDocumentTitle(`Audit log · ${enterprise.name}`);
  const identifier = enterprise.enterpriseIdentifier;
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const params = auditListParams(search);
  const log = useInfiniteQuery(auditLogInfiniteOptions(identifier, params));
  const rows = useMemo(() => log.data?.pages.flatMap((page) => page.rows) ?? [], [log.data]);
  const searchedBackTo = log.data?.pages.at(-1)?.searchedBackTo;
  const [downloading, setDownloading] = useState(false);

  const onChange = (change: Partial<AuditSearch>) =>
    void navigate({ search: (current) => definedParams({ ...current, ...change }), replace: true });

  async function download() {
    setDownloading(true);
    try {
      await downloadAuditCsv(identifier, params);
    } finally {
      setDownloading(false);
    }
  }

  const further = (
    <Button variant="default" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
      {rows.length === 0 ? 'Search further back' : 'Load more'}
    </Button>
  );

  return (
    <ListPage
      title="Audit log"
      what="audit entries"
      icon={<IconHistory size={22} color="var(--mantine-color-brand-7)" />}
      actions={
        <ActionButton icon={IconDownload} size="sm" loading={downloading} onClick={() => void download()}>
          Download CSV
        </ActionButton>
      }
      filters={<AuditFilters identifier={identifier} search={search} onChange={onChange} />}
      query={{ ...log, isError: log.isError && rows.length === 0 }}
      isEmpty={rows.length === 0}
      empty={
        log.hasNextPage ? (
          <NoMatch
            title="No entries in the months searched"
            description={searchedBackTo && `Nothing since ${fullDateTime(searchedBackTo)}.`}
            testId="audit-empty"
          >
            {further}
          </NoMatch>
        ) : hasAuditFilters(search) ? (
          <NoMatch title="No entries match" testId="audit-empty" />
        ) : (
          <NothingYet
            icon={<IconHistory size={28} />}
            title="No entries yet"
            description="Every change made in the organization will be listed here."
            testId="audit-empty"
          />
        )
      }
      footer={
        rows.length > 0 && (
          <Group justify="center" gap="sm">
            {log.hasNextPage && further}
            <Text size="sm" c="dimmed">
              {rows.length} {rows.length === 1 ? 'entry' : 'entries'}
              {searchedBackTo &&
                (log.hasNextPage ? ` since ${fullDateTime(searchedBackTo)}` : ', all of them')}
            </Text>
          </Group>
        )
      }
    >
      <AuditTable rows={rows} />
    </ListPage>
  );
}
