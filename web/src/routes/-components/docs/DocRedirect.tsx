import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorText } from '../../../api/errors';
import { docQueryOptions } from '../../../queries/docs';
import { DocsLoading } from './DocsShell';
import { nodeHref, useDocsPlace } from './paths';

/** `/docs/{docId}`: whatever the document is, its own page (folder, page or file preview). */
export function DocRedirect({ docId }: { docId: string }) {
  const place = useDocsPlace();
  const router = useRouter();
  const doc = useQuery(docQueryOptions(docId));
  useEffect(() => {
    if (doc.data) router.history.replace(nodeHref(place.base, doc.data));
  }, [doc.data, place.base, router]);
  if (doc.isError) {
    return (
      <Text c="red" size="sm" role="alert">
        {`The document could not be opened: ${errorText(doc.error)}`}
      </Text>
    );
  }
  return <DocsLoading what="the document" />;
}
