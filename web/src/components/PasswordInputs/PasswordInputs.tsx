import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/**
 * The password fields of the account pages, so each says the same thing the same way and the
 * browser's password manager knows which is which (`autoComplete`).
 */

/** The password someone has now (signing in, changing it). */
export const CurrentPasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>((props, ref) => (
  <PasswordInput ref={ref} label="Password" autoComplete="current-password" {...props} />
));

/** A password being chosen (signing up, changing it): the rule it must meet under its label. */
export function NewPasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      label="Password"
      description="At least 8 characters"
      autoComplete="new-password"
      {...props}
    />
  );
}
