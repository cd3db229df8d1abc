import { z } from 'zod';
import { ROLES } from '../constants';
import { usernameSchema } from './common';

/** A user as the admin panel lists it. */
export const adminUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  twoFactorEnabled: z.boolean(),
  balance: z.number(),
  banned: z.boolean(),
  banReason: z.string().nullable(),
  bannedAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/users: searched and paginated on the server. */
export const userListQuerySchema = z.strictObject({
  search: z.string().trim().max(50, 'Search is too long').optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(['active', 'banned', 'all']).default('active'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const userListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const roleBodySchema = z.strictObject({ role: z.enum(ROLES, { error: 'Unknown role.' }) });
export const banBodySchema = z.strictObject({
  reason: z.string().trim().max(500, 'Reason is too long').optional(),
});

/** POST /api/auth/register by staff: the dialog pre-fills a 6-character code the user must replace. */
export const staffCreateAccountBodySchema = z.strictObject({
  username: usernameSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(6, 'Password must be at least 6 characters')
    .max(128, 'Password must be at most 128 characters'),
});

/** POST /api/auth/login-as/{userId}: the admin's own current 2FA code when they have 2FA. */
export const loginAsBodySchema = z.strictObject({
  generatedCode: z.string().trim().max(32, 'Too long').optional(),
});
export const loginAsResponseSchema = z.object({
  token: z.string(),
  user: z.object({ _id: z.string(), username: z.string(), role: z.enum(ROLES) }),
  expiresAt: z.string(),
});

export const resetCodeResponseSchema = z.object({ code: z.string(), expiresAt: z.string() });
