import { createPublicKey, randomBytes, verify, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { signedIn, type TestContext } from '../../../test/harness';
import { licences } from '../../db/schema';
import { freshIp, LAUNCHER, ownerKeys, redeem } from '../keys/keys.fixtures';

/** Test helpers shared by the licence check tests (not used by the app). */
export const nonce = () => randomBytes(16).toString('base64url');

/** The server's published Ed25519 public key. */
export async function publicKeyOf(ctx: TestContext): Promise<KeyObject> {
  const res = await ctx.app.inject('/api/client/public-key');
  return createPublicKey(res.json().publicKey);
}

/** Ed25519 check of a response's exact bytes against its X-Signature header. */
export function verifies(res: LightMyRequestResponse, publicKey: KeyObject): boolean {
  const signature = res.headers['x-signature'];
  if (typeof signature !== 'string') return false;
  return verify(null, res.rawPayload, publicKey, Buffer.from(signature, 'base64'));
}

interface Suite {
  ctx: TestContext;
  owner: Awaited<ReturnType<typeof signedIn>>;
  publicKey: KeyObject;
}

/** Helpers bound to a describe block's app, Owner and public key (read when called, after beforeAll). */
export function licenceCheckHelpers(suite: () => Suite) {
  /** A member's freshly redeemed licence: its own licence key, the voucher spent, licence id, user. */
  async function licence(productId = LAUNCHER._id, plan = 'Basic Plan') {
    const { ctx, owner } = suite();
    const member = await signedIn(ctx);
    const [voucher] = await ownerKeys(ctx, owner, productId, plan);
    const res = await redeem(ctx, member.auth, voucher!);
    const product = res.json().product as { _id: string; licenceKey: string };
    return { member, key: product.licenceKey, voucher: voucher!, licenceId: product._id };
  }
  /** POSTs to a client route; the launcher's slug and a fresh nonce unless the body says otherwise. */
  const post = (url: string, body: Record<string, unknown>, ip = freshIp()) =>
    suite().ctx.app.inject({
      method: 'POST',
      url,
      payload: { product: LAUNCHER.slug, nonce: nonce(), ...body },
      remoteAddress: ip,
    });
  /** A signed answer, checked: status 200, signature, and the request's nonce and hwid echoed. */
  async function signed(url: string, body: Record<string, unknown>, ip?: string) {
    const sent = { product: LAUNCHER.slug, nonce: nonce(), ...body };
    const res = await post(url, sent, ip);
    expect(res.statusCode).toBe(200);
    expect(verifies(res, suite().publicKey)).toBe(true);
    const answer = res.json();
    expect(answer.nonce).toBe(sent.nonce);
    expect(answer.hwid).toBe(body.hwid);
    return { res, sent, answer };
  }
  const licenceRow = async (id: string) =>
    (await suite().ctx.db.select().from(licences).where(eq(licences.id, id)))[0]!;
  return { licence, post, signed, licenceRow };
}
