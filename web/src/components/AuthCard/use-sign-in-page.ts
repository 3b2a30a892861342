import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { safeGoPage } from '../../lib/go-page';
import { useAutofocus } from '../../lib/use-autofocus';
import { settingQueryOptions } from '../../queries/auth';

/**
 * What the sign-in and sign-up pages share: the workspace's settings (is sign-up open?), the first
 * field's focus, and `goOn`, which leaves for the page asked for (`go_page`, when it is ours) once
 * the user is in.
 */
export function useSignInPage(goPage: string | undefined) {
  const router = useRouter();
  const setting = useQuery(settingQueryOptions());
  return {
    signUpOpen: setting.data?.setting.signUpOpen,
    firstField: useAutofocus(),
    goOn: () => router.history.push(safeGoPage(goPage, window.location.origin)),
  };
}
