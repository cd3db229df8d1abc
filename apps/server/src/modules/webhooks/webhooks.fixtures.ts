import { expect } from 'vitest';
import type { TestContext } from '../../../test/harness';

type Headers = Record<string, string>;

/** Test helpers shared by the webhook tests (not used by the app). */
export async function createEndpoint(
  ctx: TestContext,
  auth: Headers,
  body: { url: string; events: string[]; kind?: 'http' | 'discord' },
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: auth,
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { webhook: { _id: string }; secret: string };
}

export async function deliveriesOf(ctx: TestContext, auth: Headers, endpointId: string) {
  const res = await ctx.app.inject({
    url: `/api/webhooks/${endpointId}/deliveries`,
    headers: auth,
  });
  expect(res.statusCode).toBe(200);
  return (
    res.json() as {
      deliveries: {
        _id: string;
        eventId: string;
        type: string;
        attempt: number;
        status: string;
        responseStatus: number | null;
        responseBody: string | null;
        error: string | null;
        durationMs: number | null;
        nextAttemptAt: string | null;
        createdAt: string;
      }[];
    }
  ).deliveries;
}
