import { ITERATION_STATE } from '@shared/domain/sprint-workflow';
import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { OptionSelect } from '../../../kit/FormModal/fields';
import { SPRINT_PICKER_SIZE, sprintListQueryOptions } from '../../../queries/sprints';

/** The project's sprints, every state, as many as a picker lists; fetched only while `enabled`. */
export function useProjectSprints(projectId: string, enabled: boolean) {
  return useQuery({
    ...sprintListQueryOptions({ pmsProjectId: projectId, pageNum: 1, pageSize: SPRINT_PICKER_SIZE }),
    enabled,
  });
}

/** A form's pick of one of the project's sprints (closed ones say so), or none. */
export function SprintSelect({
  projectId,
  enabled,
  ...input
}: { projectId: string; enabled: boolean } & Omit<
  ComponentProps<typeof OptionSelect>,
  'options' | 'label' | 'empty' | 'nothingFound'
>) {
  const sprints = useProjectSprints(projectId, enabled);
  const options = (sprints.data?.rows ?? []).map((sprint) => ({
    value: sprint.id,
    label: sprint.status === ITERATION_STATE.closed ? `${sprint.name} (closed)` : sprint.name,
  }));
  const loaded = { options, loading: sprints.isPending && enabled };
  return (
    <OptionSelect label="Sprint" options={loaded} empty="None" nothingFound="No sprint matches" {...input} />
  );
}
