import { notifications } from '@mantine/notifications';

/** How the client shows a failure (spec section 8: warning message, error message, notification). */
export interface Feedback {
  warning(message: string): void;
  error(message: string): void;
  /** A notification with a title (the error code for show type 3). */
  notification(title: string, message: string): void;
}

export const browserFeedback: Feedback = {
  warning: (message) => notifications.show({ color: 'yellow', message, autoClose: 5000 }),
  error: (message) => notifications.show({ color: 'red', message, autoClose: 6000 }),
  notification: (title, message) => notifications.show({ title, message, autoClose: 8000 }),
};
