/**
 * The web app's run-time settings: `/config.js`, a classic script that index.html loads before the
 * app, setting one global. Written into the web bucket by the stack and served by the local server
 * (scripts/lib/local-server.ts), so the same build runs on any domain. web/public/config.js is the
 * default copy (no root domain) for `npm run dev`.
 *
 * Plain data and strings: no CDK imports, so the local server can use it.
 */

/** The global the script sets; web/src/lib/tenant-host.ts reads it. */
export const WEB_RUNTIME_CONFIG_GLOBAL = '__WORKSPACE_CONFIG__';
export const WEB_RUNTIME_CONFIG_PATH = 'config.js';

export interface WebRuntimeConfig {
  /** Tenants are served at `{identifier}.{rootDomain}`; null: path form only. */
  rootDomain: string | null;
}

export function webRuntimeConfigScript(config: WebRuntimeConfig): string {
  const value = { rootDomain: config.rootDomain?.trim().toLowerCase() || null };
  return `// Generated: run-time settings of the web app.\nwindow.${WEB_RUNTIME_CONFIG_GLOBAL} = ${JSON.stringify(value)};\n`;
}
