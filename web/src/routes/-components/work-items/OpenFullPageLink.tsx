import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

function OpenFullPageAnchor(props: Omit<ComponentPropsWithRef<'a'>, 'color' | 'style' | 'children'>) {
  return (
    <Button
      component="a"
      size="compact-sm"
      variant="subtle"
      leftSection={<IconExternalLink size={14} />}
      {...props}
    >
      Open full page
    </Button>
  );
}

const CreatedOpenFullPage = /* @__PURE__ */ createLink(OpenFullPageAnchor);

/** A drawer's "Open full page": the item's own page, a type-checked route link like `LinkButton`. */
export const OpenFullPageLink: LinkComponent<typeof OpenFullPageAnchor> = (props) => (
  <CreatedOpenFullPage preload="intent" {...props} />
);
