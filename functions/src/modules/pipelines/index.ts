/**
 * The pipelines module's public entry, the only file other modules may import (rule and map:
 * docs/architecture.md "Modules"). Routes and the app are never exported from here.
 */
export { requirePipeline } from './pipelines';
