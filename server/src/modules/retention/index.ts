/**
 * Retention: how long each kind of record is kept, and the sweep that forgets the rest (docs/decisions/0198).
 * The module's door: other modules and the entry points import only this file.
 */
export { retentionSettings, sweepExpired, type RetentionSettings, type SweepReport } from './sweep.js';
