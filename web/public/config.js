// Run-time settings of the web app. The stack and `npm start` serve their own version of this
// file (infra/lib/web-runtime-config.ts); this default, without a root domain (path form only),
// serves `npm run dev` and any other host.
window.__WORKSPACE_CONFIG__ = { rootDomain: null };
