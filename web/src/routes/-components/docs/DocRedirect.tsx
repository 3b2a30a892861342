import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { DocsLoadFailed, DocsLoading } from './DocsShell';
import { useDocsState } from './docs-state';
import { nodeHref, useAddressedNode } from './paths';

/** The page of `/docs/{id}`, either library. */
export function DocRedirectPage() {
  const docId = useAddressedNode();
  return <DocRedirect key={docId} />;
}

/** `/docs/{docId}`: whatever the document is (the state's selected node), its own page. */
export function DocRedirect() {
  const { place, selectNodeDetail, detail } = useDocsState();
  const router = useRouter();
  useEffect(() => {
    if (selectNodeDetail) router.history.replace(nodeHref(place.base, selectNodeDetail));
  }, [selectNodeDetail, place.base, router]);
  if (detail.error) {
    return <DocsLoadFailed what="document" error={detail.error} />;
  }
  return <DocsLoading what="the document" />;
}
