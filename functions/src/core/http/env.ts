import type { Tenant } from '../identity/tenancy';

/** The signed-in caller, as the session middleware found it. */
export interface SessionInfo {
  userId: string;
  tokenHash: string;
}

/** Variables every request carries (set by the common middleware). */
export interface AppEnv {
  Variables: {
    session: SessionInfo | null;
    /** Set once the common middleware ran, so the composed app runs it once, not once per group. */
    commonApplied: boolean;
    /** This request's id (API Gateway's on Lambda), set first by the request log. */
    requestId: string;
    /** Set once the audit scope is open (audit-scope.ts), so the composed app opens one. */
    auditScoped: boolean;
  };
}

/** Routes that require a signed-in caller. */
export interface UserEnv {
  Variables: { session: SessionInfo };
}

/** Routes of one enterprise: the caller is a member and holds the route's permission. */
export interface TenantEnv {
  Variables: { session: SessionInfo; tenant: Tenant };
}
