import {
  Badge,
  Group,
  Loader,
  Modal,
  Pagination,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { errorText } from '../../../api/errors';
import { searchQueryOptions } from '../../../queries/docs';
import { Marked } from './Marked';
import { docsBase, nodeHref, useDocsPlace } from './paths';

/**
 * Full-text search over titles, page bodies and file names: in this library or in every library
 * the user may read, best first, with the matching words marked.
 */
export function SearchModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const place = useDocsPlace();
  const router = useRouter();
  const [text, setText] = useState('');
  const [scope, setScope] = useState<'space' | 'all'>('space');
  const [pageNum, setPageNum] = useState(1);
  const [q] = useDebouncedValue(text.trim(), 250);
  const query = useQuery(searchQueryOptions(q, scope === 'space' ? place.space : null, pageNum));
  const hits = query.data?.rows ?? [];
  const pages = query.data ? Math.ceil(query.data.total / query.data.pageSize) : 1;

  return (
    <Modal opened={opened} onClose={onClose} title="Search documents" size="lg">
      <Stack gap="sm">
        <TextInput
          data-autofocus
          leftSection={<IconSearch size={16} />}
          placeholder="Words in titles, pages and file names"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setPageNum(1);
          }}
          rightSection={query.isFetching ? <Loader size="xs" /> : null}
          aria-label="Search text"
          data-testid="docs-search-input"
        />
        <SegmentedControl
          size="xs"
          value={scope}
          onChange={(value) => {
            setScope(value as 'space' | 'all');
            setPageNum(1);
          }}
          data={[
            { value: 'space', label: 'This library' },
            { value: 'all', label: 'All libraries' },
          ]}
        />
        {!q ? (
          <Text size="sm" c="dimmed">
            Type to search.
          </Text>
        ) : query.isError ? (
          <Text size="sm" c="red">
            {errorText(query.error)}
          </Text>
        ) : query.isPending ? (
          <Text size="sm" c="dimmed">
            Searching…
          </Text>
        ) : hits.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing matches “{q}”.
          </Text>
        ) : (
          <Stack gap={4} data-testid="docs-search-results">
            {hits.map((hit) => {
              const base = docsBase(place.identifier, hit.space === 'enterprise' ? null : hit.space);
              return (
                <UnstyledButton
                  key={hit.id}
                  p="xs"
                  style={{ borderRadius: 6 }}
                  className="docs-hit"
                  onClick={() => {
                    onClose();
                    router.history.push(nodeHref(base, hit));
                  }}
                >
                  <Group gap={6} wrap="nowrap">
                    <Text fw={600} size="sm" style={{ flex: 1 }}>
                      <Marked parts={hit.title} />
                    </Text>
                    {scope === 'all' && (
                      <Badge variant="light" size="sm">
                        {hit.space_name}
                      </Badge>
                    )}
                  </Group>
                  {hit.path.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {hit.path.map((entry) => entry.title).join(' / ')}
                    </Text>
                  )}
                  {hit.snippet.length > 0 && (
                    <Text size="xs" lineClamp={2}>
                      <Marked parts={hit.snippet} />
                    </Text>
                  )}
                </UnstyledButton>
              );
            })}
            {pages > 1 && <Pagination size="sm" total={pages} value={pageNum} onChange={setPageNum} />}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
