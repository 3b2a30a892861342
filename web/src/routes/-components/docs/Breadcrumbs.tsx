import { Anchor, Breadcrumbs } from '@mantine/core';
import type { DocDetail } from '@shared/schemas/docs';
import { useRouter } from '@tanstack/react-router';
import { nodeHref, useDocsPlace } from './paths';

/** The library, then the folders above a document. */
export function DocBreadcrumbs({ doc }: { doc: Pick<DocDetail, 'path' | 'space_name'> }) {
  const place = useDocsPlace();
  const router = useRouter();
  const link = (href: string, label: string) => (
    <Anchor
      key={href}
      size="sm"
      href={href}
      onClick={(event) => {
        event.preventDefault();
        router.history.push(href);
      }}
    >
      {label}
    </Anchor>
  );
  return (
    <Breadcrumbs separatorMargin={6}>
      {link(place.base, doc.space_name)}
      {doc.path.map((entry) => link(nodeHref(place.base, { id: entry.id, kind: 'folder' }), entry.title))}
    </Breadcrumbs>
  );
}
