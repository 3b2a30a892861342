import { Text, type TextProps, Tooltip } from '@mantine/core';
import { fromNow, fullDateTime } from '../../lib/relative-time';

/** "2 hours ago", with the exact time on hover and in the markup. */
export function RelativeTime({ value, ...props }: TextProps & { value: string }) {
  return (
    <Tooltip label={fullDateTime(value)}>
      <Text component="time" dateTime={value} size="xs" c="dimmed" {...props}>
        {fromNow(value)}
      </Text>
    </Tooltip>
  );
}
