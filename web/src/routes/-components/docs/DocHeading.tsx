import { Group, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { DocDetail } from '@shared/schemas/docs';
import { IconTrash } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { ActionButton } from '../../../kit/ActionButton/ActionButton';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { DocBreadcrumbs } from './Breadcrumbs';
import { DeleteDocModal } from './DeleteDocModal';
import { useDocsPlace } from './paths';

/**
 * The top of a document's page (a wiki page, a file): the folders above it, its title with one
 * line about it, and its buttons, then Delete for those who may delete documents. Delete asks
 * first and then goes back to the top of the library.
 */
export function DocHeading({
  doc,
  order,
  testId,
  about,
  children,
}: {
  doc: DocDetail;
  order: TitleOrder;
  /** The title's test id: `wiki-title`, `file-title`. */
  testId: string;
  /** The line under the title: who saved it when, what the file is. */
  about: ReactNode;
  /** The buttons before Delete. */
  children: ReactNode;
}) {
  const place = useDocsPlace();
  const router = useRouter();
  const { can } = useCurrentEnterprise();
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack gap="md">
      <DocBreadcrumbs doc={doc} />
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={order} data-testid={testId}>
            {doc.title}
          </Title>
          {about && (
            <Text size="xs" c="dimmed">
              {about}
            </Text>
          )}
        </div>
        <Group gap={6} wrap="nowrap">
          {children}
          {can('docs:doc:remove') && (
            <ActionButton variant="subtle" color="red" icon={IconTrash} onClick={() => setDeleting(true)}>
              Delete
            </ActionButton>
          )}
        </Group>
      </Group>
      <DeleteDocModal
        doc={deleting ? doc : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => router.history.push(place.base)}
      />
    </Stack>
  );
}
