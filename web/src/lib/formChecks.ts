/**
 * The shared schemas the forms of every page's first load judge their fields with, imported only on
 * demand (lib/laterChecks.ts) so zod stays off that load (docs/decisions/0283).
 */
export { contactMessageSchema, processSettingsSchema } from '@lightpix/shared';
