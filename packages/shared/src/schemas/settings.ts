import { z } from 'zod';

/** GET/PUT /api/admin/global-product-settings (spec: each switch "yes" or "no"). */
export const globalSettingsSchema = z.strictObject({
  allowHWIDReset: z.enum(['yes', 'no'], { error: 'Must be "yes" or "no".' }),
  allowSettingsAccess: z.enum(['yes', 'no'], { error: 'Must be "yes" or "no".' }),
  hwidResetCooldownHours: z
    .number({ error: 'Must be a number of hours.' })
    .int('Must be a whole number of hours.')
    .min(0, 'Must be 0 or more.')
    .max(24 * 365, 'Must be at most 8760 hours.'),
  /**
   * Days an offline token of the licence check stays valid (0 = offline tokens off, at most 30).
   * Optional on PUT (an older form leaves it unchanged); always present in answers.
   */
  offlineDays: z
    .number({ error: 'Must be a number of days.' })
    .int('Must be a whole number of days.')
    .min(0, 'Must be 0 or more.')
    .max(30, 'Must be at most 30 days.')
    .optional(),
});
export type GlobalSettingsPayload = z.infer<typeof globalSettingsSchema>;
