import { expect, test as setup, type APIRequestContext } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { TOTP } from 'otpauth';
import {
  ACCOUNTS_FILE,
  apiLogin,
  bearer,
  OWNER,
  type Account,
  type E2EAccounts,
} from './support/accounts';

// Two registrations and three logins for the whole run (see playwright.config.ts).
const MEMBER: Account = { username: 'e2e-member', password: 'member-password-1' };
const TWO_FACTOR: Account = { username: 'e2e-twofa', password: 'twofa-password-1' };

async function registerMember(request: APIRequestContext, account: Account) {
  const response = await request.post('/api/register', { data: account });
  expect(response.status(), await response.text()).toBe(201);
}

setup('register and sign in the shared accounts', async ({ request }) => {
  await registerMember(request, MEMBER);
  await registerMember(request, TWO_FACTOR);

  const ownerToken = await apiLogin(request, OWNER);
  const memberToken = await apiLogin(request, MEMBER);

  // Enable 2FA the way the dashboard will: setup, then verify with a code from the secret.
  const twoFactorToken = await apiLogin(request, TWO_FACTOR);
  const setupResponse = await request.post('/api/auth/2fa/setup', {
    headers: bearer(twoFactorToken),
    data: { password: TWO_FACTOR.password },
  });
  expect(setupResponse.ok()).toBe(true);
  const { secret } = (await setupResponse.json()) as { secret: string };
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret }).generate();
  const verify = await request.post('/api/auth/2fa/verify', {
    headers: bearer(twoFactorToken),
    data: { code },
  });
  expect(verify.ok(), await verify.text()).toBe(true);

  const accounts: E2EAccounts = {
    owner: { ...OWNER, token: ownerToken },
    member: { ...MEMBER, token: memberToken },
    twoFactor: { ...TWO_FACTOR, secret },
  };
  writeFileSync(ACCOUNTS_FILE, JSON.stringify(accounts, null, 2));
});
