/**
 * The work-desk module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */

// What counts as a mention (`@login`), for whatever records mentions when they are written.
export { mentionedLogins } from './mentions';
