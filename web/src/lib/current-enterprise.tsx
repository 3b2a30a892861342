import type { AccessMap } from '@shared/permissions/access';
import { hasPermission, type Requirement } from '@shared/permissions/matcher';
import type { CurrentUser } from '@shared/schemas/auth';
import type { Enterprise } from '@shared/schemas/enterprise';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

export interface CurrentEnterprise {
  enterprise: Enterprise;
  /** The current user inside the enterprise (getInfo): roles, permissions, identity. */
  me: CurrentUser;
  access: AccessMap;
  /** Permission check with the owner bypass (spec section 6). */
  can: (required: Requirement) => boolean;
}

const CurrentEnterpriseContext = createContext<CurrentEnterprise | null>(null);

export function CurrentEnterpriseProvider({
  enterprise,
  me,
  access,
  children,
}: Omit<CurrentEnterprise, 'can'> & { children: ReactNode }) {
  const value = useMemo<CurrentEnterprise>(
    () => ({ enterprise, me, access, can: (required) => hasPermission(me, required, enterprise.ownerId) }),
    [enterprise, me, access],
  );
  return <CurrentEnterpriseContext.Provider value={value}>{children}</CurrentEnterpriseContext.Provider>;
}

/** The enterprise being worked in, the current user and what they may do. Only under `/$identifier`. */
export function useCurrentEnterprise(): CurrentEnterprise {
  const value = useContext(CurrentEnterpriseContext);
  if (!value) throw new Error('useCurrentEnterprise must be used inside the enterprise layout');
  return value;
}
