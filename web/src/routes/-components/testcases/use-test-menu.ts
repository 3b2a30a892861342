import type { TestType } from '@shared/domain/testing';
import { useNavigate } from '@tanstack/react-router';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';

/**
 * Opens one entry of a part of the project's test area (a sheet, a report) by its id, or with
 * `null` the part's overview: the sheets and reports pages keep what they show in the URL.
 */
export function useOpenTestMenu(projectId: string, testType: TestType) {
  const { enterprise } = useCurrentEnterprise();
  const navigate = useNavigate();
  const params = { identifier: enterprise.enterpriseIdentifier, projectId, testType };
  return (menuId: string | null) =>
    menuId === null
      ? void navigate({ to: '/$identifier/projects/$projectId/test/$testType', params })
      : void navigate({
          to: '/$identifier/projects/$projectId/test/$testType/$menuId',
          params: { ...params, menuId },
        });
}
