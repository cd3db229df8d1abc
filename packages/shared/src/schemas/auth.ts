import { z } from 'zod';
import { ROLES } from '../constants';
import { passwordSchema, usernameSchema } from './common';

/** POST /api/register and staff's POST /api/auth/register. */
export const registerBodySchema = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
});
export const registerResponseSchema = z.object({
  message: z.string(),
  user: z.object({ _id: z.string(), username: z.string() }),
});

// Login fields are only bounded, not rule-checked: a wrong guess must look like any other.
const loginString = z.string().min(1, 'Required').max(200, 'Too long');
/** POST /api/auth/login. An empty twoFactorCode counts as none. */
export const loginBodySchema = z.strictObject({
  username: loginString,
  password: loginString,
  twoFactorCode: z.string().max(32, 'Too long').optional(),
});
export const loginResponseSchema = z.union([
  z.object({ token: z.string(), mustChangePassword: z.boolean() }),
  z.object({ twoFactorEnabled: z.literal(true), message: z.string() }),
]);

export const twoFactorSetupResponseSchema = z.object({ qrCode: z.string(), secret: z.string() });
export const twoFactorCodeBodySchema = z.strictObject({
  code: z.string().trim().min(1, 'Code is required').max(32, 'Too long'),
});
export const twoFactorVerifyResponseSchema = z.object({
  verified: z.literal(true),
  backupCodes: z.array(z.string()),
});
/** POST /auth/2fa/setup: the current password, so a stolen session alone cannot turn 2FA on. */
export const twoFactorSetupBodySchema = z.strictObject({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Too long'),
});
export type TwoFactorSetupBody = z.infer<typeof twoFactorSetupBodySchema>;
export const twoFactorDisableBodySchema = z.strictObject({
  password: z.string().min(1, 'Password is required').max(200, 'Too long'),
  code: z.string().trim().min(1, 'Code is required').max(32, 'Too long'),
});
export const backupCodesResponseSchema = z.object({ backupCodes: z.array(z.string()) });

export const changePasswordBodySchema = z.strictObject({
  currentPassword: z.string().min(1, 'Current password is required').max(200, 'Too long'),
  newPassword: passwordSchema,
});

/** POST /api/auth/reset-password: a 2FA code, a backup code or a staff-issued one-time code. */
export const resetPasswordBodySchema = z.strictObject({
  username: loginString,
  code: z.string().trim().min(1, 'Code is required').max(32, 'Too long'),
  newPassword: passwordSchema,
});

/** GET /api/users/user: the signed-in user as the shell reads it. */
export const currentUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  twoFactorEnabled: z.boolean(),
  balance: z.number(),
  mustChangePassword: z.boolean(),
  impersonatedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
