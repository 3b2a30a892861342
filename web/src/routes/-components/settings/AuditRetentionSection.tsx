import { Button, Group, NumberInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AUDIT_RETENTION_DAYS, AuditRetentionSchema } from '@shared/schemas/audit';
import { useEffect, useState } from 'react';
import { HttpError } from '../../../api/errors';
import { LinkAnchor } from '../../../components/Links/Links';
import { SettingsSection } from '../../../kit/SettingsSection/SettingsSection';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';
import { useUpdateEnterprise } from '../../../queries/enterprise';

/**
 * How long the audit log keeps each entry. A new value applies to entries written from then on:
 * each entry carries the time it expires.
 */
export function AuditRetentionSection() {
  const { enterprise, can } = useCurrentEnterprise();
  const canEdit = can('enterprise:settings:edit');
  const update = useUpdateEnterprise(enterprise);
  const [days, setDays] = useState<number | string>(enterprise.auditRetentionDays);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDays(enterprise.auditRetentionDays), [enterprise.auditRetentionDays]);

  function save() {
    const checked = AuditRetentionSchema.safeParse(typeof days === 'number' ? days : Number.NaN);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Not a number of days');
    setError(null);
    update.mutate(
      { auditRetentionDays: checked.data, version: enterprise.version },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Audit log retention saved' }),
        onError: (failure) =>
          setError(
            failure instanceof HttpError && failure.status === 409
              ? 'Someone else changed the settings; reload the page and try again.'
              : failure.message,
          ),
      },
    );
  }

  return (
    <SettingsSection
      title="Audit log"
      testId="audit-retention"
      description={
        <>
          Every change in the organization is recorded with who made it, when and from where. Entries are kept
          this many days, then removed; a new value applies to entries written from now on.
          {can('enterprise:audit:view') && (
            <>
              {' '}
              <LinkAnchor
                to="/$identifier/admin/audit"
                params={{ identifier: enterprise.enterpriseIdentifier }}
              >
                Open the audit log
              </LinkAnchor>
            </>
          )}
        </>
      }
    >
      <Group align="flex-end">
        <NumberInput
          label="Keep entries for (days)"
          min={AUDIT_RETENTION_DAYS.min}
          max={AUDIT_RETENTION_DAYS.max}
          allowDecimal={false}
          readOnly={!canEdit}
          value={days}
          onChange={setDays}
          error={error}
          w={220}
        />
        {canEdit && (
          <Button
            onClick={save}
            loading={update.isPending}
            disabled={days === enterprise.auditRetentionDays}
            mb={error ? 22 : 0}
          >
            Save
          </Button>
        )}
      </Group>
    </SettingsSection>
  );
}
