import type { ReactNode } from 'react';
import { LinkButton } from '../../../components/Links/Links';
import { useCurrentEnterprise } from '../../../lib/current-enterprise';

/** A small button to a project's weekly page at one week ("Write it", "Team view"). */
export function WeekPageLink({
  projectId,
  week,
  color,
  className,
  children,
}: {
  projectId: string;
  /** The week's Monday, as the page's `?week=` (none: the current week). */
  week?: string;
  color?: string;
  className?: string;
  children: ReactNode;
}) {
  const identifier = useCurrentEnterprise().enterprise.enterpriseIdentifier;
  return (
    <LinkButton
      size="compact-sm"
      variant="light"
      color={color}
      className={className}
      to="/$identifier/projects/$projectId/weekly"
      params={{ identifier, projectId }}
      search={{ week }}
    >
      {children}
    </LinkButton>
  );
}
