/**
 * The weekly-report module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */

// The reminders recorded for a member (in-app notices until notifications exist): the work desk
// shows them.
export { listNotices } from './store/reminders';
export { noticeView } from './views';
