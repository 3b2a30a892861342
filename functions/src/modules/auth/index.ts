/**
 * The auth module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */
// The password check (throttled): `npm login` to the artifact library signs in with it.
export { authenticate, requireAccount } from './accounts';
