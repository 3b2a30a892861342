import type { MarkedText } from '@shared/schemas/docs';

/** Text with the parts that matched a search shown marked. */
export function Marked({ parts }: { parts: MarkedText }) {
  return (
    <>
      {parts.map((part, index) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
          <mark key={index}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
