import { IconArrowLeft } from '@tabler/icons-react';
import { LinkButton } from '../../../components/Links/Links';

/** "← All sprints": back to the project's sprint list from planning and the backlog. */
export function AllSprintsLink({ identifier, projectId }: { identifier: string; projectId: string }) {
  return (
    <LinkButton
      to="/$identifier/projects/$projectId/iteration"
      params={{ identifier, projectId }}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={14} />}
    >
      All sprints
    </LinkButton>
  );
}
