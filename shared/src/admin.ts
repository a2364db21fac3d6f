import { z } from 'zod';

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  // The API contract's name for accounts on the free plan (clients read it); premium ones are counted apart.
  registeredUsers: z.number().int(),
  // The same count under the name the panel shows ("Free accounts").
  freeAccounts: z.number().int(),
  premiumUsers: z.number().int(),
  totalImages: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  tier: z.enum(['registered', 'premium']),
  imagesProcessedTotal: z.number().int(),
  createdAt: z.string(),
  isActive: z.boolean(),
  /** Premium granted by support, apart from any payment. */
  complimentary: z.boolean(),
  /** Stripe's status of the user's subscription, null when they never subscribed. */
  subscriptionStatus: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserUpdateSchema = z
  .object({ isActive: z.boolean().optional(), tier: z.enum(['registered', 'premium']).optional() })
  .strict()
  .refine((update) => update.isActive !== undefined || update.tier !== undefined, { message: 'Send isActive or tier' });
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

/** Users per page of GET /api/admin/users, unless the request asks for fewer. */
export const ADMIN_USERS_PAGE_SIZE = 50;

/** GET /api/admin/users?q=&page=&pageSize=: `q` matches part of the e-mail, pages count from 1. */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(254, 'Search is too long').optional().default(''),
  page: z.coerce.number().int('Page must be a whole number').min(1, 'Pages start at 1').max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_SIZE).optional().default(ADMIN_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  /** Users matching the search, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;
