/**
 * The notifications module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here. Other modules
 * never call it to notify: they publish `<group>.activity` events (manifest), which this group's
 * jobs deliver.
 */

// The email side reads a person's choice (immediately, daily digest, off).
export { getPreferences, type PreferencesRecord } from './store';
