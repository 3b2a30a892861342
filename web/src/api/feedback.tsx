import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** How the client shows a failure (spec section 8: warning message, error message, notification). */
export interface Feedback {
  warning(message: string): void;
  /** `requestId`: the server's X-Request-Id, shown under the message for support. */
  error(message: string, requestId?: string): void;
  /** A notification with a title (the error code for show type 3). */
  notification(title: string, message: string): void;
}

export const browserFeedback: Feedback = {
  warning: (message) => notifications.show({ color: 'yellow', message, autoClose: 5000 }),
  error: (message, requestId) =>
    notifications.show({ color: 'red', message: withRequestId(message, requestId), autoClose: 6000 }),
  notification: (title, message) => notifications.show({ title, message, autoClose: 8000 }),
};

/** The message, and under it a small "Request id: …" line when the server named the request. */
export function withRequestId(message: string, requestId: string | undefined): ReactNode {
  if (!requestId) return message;
  return (
    <>
      {message}
      <Text size="xs" c="dimmed" data-testid="request-id">
        {`Request id: ${requestId}`}
      </Text>
    </>
  );
}
