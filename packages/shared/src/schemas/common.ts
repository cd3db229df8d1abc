import { MESSAGES } from '../messages';
import { z } from 'zod';
import { LIMITS } from '../constants';

/** Every failure the API returns: a message, and field errors when a form caused it. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A plain acknowledgement. */
export const messageResponseSchema = z.object({ message: z.string() });

export const idParamSchema = z.strictObject({ id: z.string().uuid('Not found') });

export const usernameSchema = z
  .string({ error: MESSAGES.usernameRequired })
  .trim()
  .min(LIMITS.usernameMin, `Username must be at least ${LIMITS.usernameMin} characters`)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, digits, _, - and .');

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);
