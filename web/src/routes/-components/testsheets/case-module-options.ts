import type { CaseModuleNode } from '@shared/schemas/testcases';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { caseModuleTreeQueryOptions } from '../../../queries/testcases';

export interface ModuleOption {
  value: string;
  label: string;
}

/** The value of "cases without a module" in the list call's `moduleId`. */
export const NO_MODULE = 'none';

/** Every case module as `Parent / Child`, parents first, then "No module". */
export function moduleOptions(nodes: readonly CaseModuleNode[], path: string[] = []): ModuleOption[] {
  return nodes.flatMap((node) => {
    const own = [...path, node.name];
    return [{ value: node.id, label: own.join(' / ') }, ...moduleOptions(node.children, own)];
  });
}

/** The project's case modules as filter options (a module includes its sub-modules). */
export function useCaseModuleOptions(projectId: string): ModuleOption[] {
  const tree = useQuery(caseModuleTreeQueryOptions(projectId));
  return useMemo(
    () => [...moduleOptions(tree.data ?? []), { value: NO_MODULE, label: 'No module' }],
    [tree.data],
  );
}
