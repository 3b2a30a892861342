import { formatShortDate } from '@shared/format';
import { fullDateTime } from '../../lib/relative-time';

/**
 * A date as the spec writes it (MM.DD this year, YYYY.MM.DD before), with the full date and time
 * on hover (`title`) and in the markup (`dateTime`): the one way the web shows a short date.
 */
export function ShortDate({ value }: { value: string }) {
  return (
    <time dateTime={value} title={fullDateTime(value)}>
      {formatShortDate(value)}
    </time>
  );
}
