import { Alert, Divider, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DetailLayout } from '../../../kit/DetailLayout/DetailLayout';

interface ItemDetailFrameProps {
  variant: 'drawer' | 'page';
  testId: string;
  header: ReactNode;
  /** The fields in this many columns: two under the header in the drawer, one beside the page. */
  fields: (columns: number) => ReactNode;
  /** The description and the other texts. */
  body: ReactNode;
  /** What the item leads to: under the texts in the drawer, under the fields on the page. */
  trace?: ReactNode;
  tabs: ReactNode;
  /** Last in both, after the columns on the page. */
  dialogs: ReactNode;
  /** Where the page's side column sticks while the main one scrolls. */
  sideStickyTop?: number;
}

/** A work item's or a spec's detail, in its drawer (one column) or on its own page (two). */
export function ItemDetailFrame({
  variant,
  testId,
  header,
  fields,
  body,
  trace,
  tabs,
  dialogs,
  sideStickyTop,
}: ItemDetailFrameProps) {
  if (variant === 'drawer') {
    return (
      <Stack gap="lg" data-testid={testId}>
        {header}
        {fields(2)}
        <Divider />
        {body}
        {trace && (
          <>
            <Divider />
            {trace}
          </>
        )}
        {tabs}
        {dialogs}
      </Stack>
    );
  }
  return (
    <DetailLayout
      testId={testId}
      main={
        <>
          {header}
          {body}
          {tabs}
        </>
      }
      side={fields(1)}
      sideBelow={trace}
      sideStickyTop={sideStickyTop}
    >
      {dialogs}
    </DetailLayout>
  );
}

/** The item could not be loaded, most likely deleted meanwhile: `children` says what to do then. */
export function ItemLoadFailed({
  what,
  children = 'It may have been deleted. Close this and reload the list.',
}: {
  /** "work item" makes "The work item could not be loaded". */
  what: string;
  children?: ReactNode;
}) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={`The ${what} could not be loaded`}>
      {children}
    </Alert>
  );
}
