import { z } from 'zod';

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  registeredUsers: z.number().int(),
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
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserUpdateSchema = z
  .object({ isActive: z.boolean().optional(), tier: z.enum(['registered', 'premium']).optional() })
  .strict()
  .refine((update) => update.isActive !== undefined || update.tier !== undefined, { message: 'Send isActive or tier' });
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;

export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;
