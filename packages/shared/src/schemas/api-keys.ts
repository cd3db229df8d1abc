import { z } from 'zod';

/** What an integration key may do (docs/integrations.md). `deliver` keys do nothing else. */
export const API_KEY_SCOPES = [
  'keys:generate',
  'licences:read',
  'licences:write',
  'orders:read',
  'deliver',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_PREFIX = 'stl_';
export const DELIVER_NEEDS_PRODUCT = 'A delivery key needs a product and a plan.';
export const DELIVER_ONLY = 'A delivery key cannot have other scopes.';

/** POST /api/api-keys */
export const createApiKeyBodySchema = z
  .strictObject({
    name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(64),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { error: 'Unknown scope.' }), { error: 'Choose scopes.' })
      .min(1, 'Choose at least one scope.')
      .max(API_KEY_SCOPES.length),
    productId: z.string().trim().min(1).max(64).optional(),
    plan: z.string().trim().min(1).max(64).optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.scopes.includes('deliver')) return;
    if (body.scopes.length > 1)
      ctx.addIssue({ code: 'custom', path: ['scopes'], message: DELIVER_ONLY });
    if (!body.productId || !body.plan) {
      ctx.addIssue({ code: 'custom', path: ['productId'], message: DELIVER_NEEDS_PRODUCT });
    }
  });
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** An API key as its owner sees it: never the key itself. */
export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  productId: z.string().nullable(),
  plan: z.string().nullable(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyResponseSchema = z.object({ apiKey: apiKeySchema, key: z.string() });
export const apiKeysResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });
