import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { TOTP } from 'otpauth';

/** Accounts the setup project creates once per run and every spec reuses. */
export interface Account {
  username: string;
  password: string;
}
export interface SignedInAccount extends Account {
  /** A session token for API calls and for signing a page in without a login. */
  token: string;
}
export interface E2EAccounts {
  owner: SignedInAccount;
  member: SignedInAccount;
  /** A Member with 2FA enabled (no stored session: specs log in through the form). */
  twoFactor: Account & { secret: string };
}

// Outside e2e/artifacts, which Playwright empties as each project starts. The setup project rewrites
// it on every run, matching the fresh database of that run's server. One file per server port
// (playwright.config.ts, E2E_PORT): two runs on one machine with one shared file overwrote each
// other's tokens, and every signed-in test of the other run got "Your session has expired".
export const ACCOUNTS_FILE = path.join(
  tmpdir(),
  `stellar-e2e-accounts-${process.env.E2E_PORT ?? '5055'}.json`,
);

export const OWNER: Account = { username: 'owner', password: 'e2e-owner-password' };
export const TOKEN_STORAGE_KEY = 'auth_token';

export function readAccounts(): E2EAccounts {
  return JSON.parse(readFileSync(ACCOUNTS_FILE, 'utf8')) as E2EAccounts;
}

/** Stores the session token before any page script runs, as a real sign-in would. */
export async function signIn(page: Page, account: SignedInAccount): Promise<void> {
  await page.addInitScript(([key, token]) => window.localStorage.setItem(key, token), [
    TOKEN_STORAGE_KEY,
    account.token,
  ] as const);
}

/** POST /api/auth/login through the API; fails the test on anything but a token. */
export async function apiLogin(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post('/api/auth/login', { data: account });
  const body = (await response.json()) as { token?: string; message?: string };
  if (!response.ok() || !body.token) {
    throw new Error(`Login of ${account.username} failed: ${response.status()} ${body.message}`);
  }
  return body.token;
}

/** The authenticator code for the time step after the current one (the server allows one step). */
export function nextTotpCode(secret: string, offsetSteps = 1): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
