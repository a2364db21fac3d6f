import { z } from 'zod';

/** The landing page's figures, all counted from the database. */
export const statsResponseSchema = z.object({
  /** Files processed since the service began (expired results included: their rows stay). */
  imagesProcessed: z.number().int().nonnegative(),
  /** Active accounts. */
  users: z.number().int().nonnegative(),
  /** Share of minutes the service answered over the last 30 days; null until an hour has been measured. */
  uptimePercent: z.number().min(0).max(100).nullable(),
  /** Days the uptime figure covers. */
  uptimeDays: z.number().nonnegative(),
});
export type StatsResponse = z.infer<typeof statsResponseSchema>;
