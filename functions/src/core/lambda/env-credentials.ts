/**
 * `@aws-sdk/credential-provider-node` for the Lambda bundles ONLY: infra/lib/constructs/api.ts
 * FUNCTION_BUNDLING aliases the package to this file; everything else gets the real chain.
 *
 * Why: the default chain (environment, SSO, ini files, credential processes, web identity,
 * container and instance metadata) brings the STS, SSO and sign-in clients with it, ~90 KB of each
 * function. In a Lambda the chain always stops at its first link: the runtime puts the role's
 * credentials in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN (LocalStack does
 * the same). So the first link is all there is here, and it fails as loudly as the chain would.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

type Init = Parameters<typeof fromEnv>[0];

export const defaultProvider = (init: Init = {}) => fromEnv(init);

// The real package's other exports, for anything that imports them.
export const credentialsWillNeedRefresh = (credentials?: { expiration?: Date }) =>
  credentials?.expiration !== undefined;
export const credentialsTreatedAsExpired = (credentials?: { expiration?: Date }) =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
