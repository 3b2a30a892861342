import { Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { errorText } from '../../../api/errors';
import { DocsLoading } from './DocsShell';
import { useDocsState } from './docs-state';
import { nodeHref } from './paths';

/** `/docs/{docId}`: whatever the document is (the state's selected node), its own page. */
export function DocRedirect() {
  const { place, selectNodeDetail, detail } = useDocsState();
  const router = useRouter();
  useEffect(() => {
    if (selectNodeDetail) router.history.replace(nodeHref(place.base, selectNodeDetail));
  }, [selectNodeDetail, place.base, router]);
  if (detail.error) {
    return (
      <Text c="red" size="sm" role="alert">
        {`The document could not be opened: ${errorText(detail.error)}`}
      </Text>
    );
  }
  return <DocsLoading what="the document" />;
}
