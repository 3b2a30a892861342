import { type FormErrors, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { UpdateEnterpriseBody } from '@shared/schemas/enterprise';
import { useEffect, useState } from 'react';
import { HttpError } from '../../../api/errors';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { showServerFieldError } from '../../../lib/server-errors';
import { useUpdateEnterprise } from '../../../queries/enterprise';

/**
 * A form over some of the enterprise's own settings (its name and addresses, its weeks), saved at
 * the version read: the form takes each newer version as its saved state (our save, or the latest
 * loaded after a conflict), and a save that meets someone else's change (409) sets `conflict`
 * instead of overwriting it. `toBody` gives the fields the save sends besides the version.
 */
export function useEnterpriseSettingsForm<V extends Record<string, unknown>>({
  saved,
  validate,
  toBody,
  savedMessage,
  validateInputOnChange = false,
}: {
  /** The form's values as the enterprise holds them. */
  saved: () => V;
  validate: (values: V) => FormErrors;
  toBody: (values: V) => Omit<UpdateEnterpriseBody, 'version'>;
  /** "Time zone and reminders saved". */
  savedMessage: string;
  /** Errors show while typing, not only on save. */
  validateInputOnChange?: boolean;
}) {
  const { enterprise } = useCurrentEnterprise();
  const update = useUpdateEnterprise(enterprise);
  const [conflict, setConflict] = useState(false);
  const form = useForm<V>({ initialValues: saved(), validate, validateInputOnChange });
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the version on purpose
  useEffect(() => {
    form.setInitialValues(saved());
    form.setValues(saved());
    form.resetDirty(saved());
  }, [enterprise.version]);

  const submit = form.onSubmit((values) =>
    update.mutate(
      { ...toBody(values), version: enterprise.version },
      {
        onSuccess: () => {
          setConflict(false);
          notifications.show({ color: 'green', message: savedMessage });
        },
        onError: (error) => {
          if (error instanceof HttpError && error.status === 409) setConflict(true);
          else showServerFieldError(form, error);
        },
      },
    ),
  );
  return { form, submit, pending: update.isPending, conflict, setConflict };
}
