import { Button, Group } from '@mantine/core';
import { LinkButton } from '../../../components/Links/Links';

/**
 * The foot of a form that is a page of the signed-in person's own area (a new enterprise, a new
 * password): Cancel goes back to the enterprise list, the submit button waits for the save.
 */
export function FormPageActions({ pending, label }: { pending: boolean; label: string }) {
  return (
    <Group justify="flex-end" mt="sm">
      <LinkButton to="/enterprises" variant="default">
        Cancel
      </LinkButton>
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </Group>
  );
}
