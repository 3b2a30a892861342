import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A text cell, or a dimmed dash when there is nothing. */
export function TextCell({ value, dimmed }: { value: ReactNode | null | undefined; dimmed?: boolean }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <Text size="sm" c={empty || dimmed ? 'dimmed' : undefined}>
      {empty ? '—' : value}
    </Text>
  );
}

/** A count, dimmed at zero. */
export function CountCell({ value }: { value: number }) {
  return (
    <Text size="sm" c={value === 0 ? 'dimmed' : undefined}>
      {value}
    </Text>
  );
}

/** The title of a row: its number dimmed in front, the title after it. */
export function NumberedTitle({ number, title }: { number: string; title: string }) {
  return (
    <>
      <Text span c="dimmed" size="sm">
        {number}
      </Text>{' '}
      {title}
    </>
  );
}
