import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchRoutes, renderWithProviders } from '../test/render';
import { LicensingSection } from './licensing-section';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const PLAN = '00000000-0000-4000-8000-0000000000cc';
const routes = (extra: Parameters<typeof fetchRoutes>[0] = {}) =>
  fetchRoutes({
    'GET /client/public-key': () =>
      Response.json({
        publicKey: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n',
        algorithm: 'Ed25519',
        raw: 'RAWKEYBASE64=',
        fingerprint: 'ab12cd34',
      }),
    'GET /admin/licensing': () =>
      Response.json({
        products: [
          {
            id: 'stellar-launcher',
            title: 'Stellar Launcher',
            variables: { latest: '1.0.0' },
            plans: [{ id: PLAN, name: 'Basic Plan', maxMachines: 1 }],
          },
        ],
      }),
    ...extra,
  });
const bodyOf = (key: string) => {
  const call = fetchMock.mock.calls.find(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}` === key;
  });
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('LicensingSection', () => {
  it('shows the signing key to pin: raw key, fingerprint and PEM, each with a copy button', async () => {
    fetchMock.mockImplementation(routes());
    renderWithProviders(<LicensingSection />);
    expect(await screen.findByText('RAWKEYBASE64=')).toBeInTheDocument();
    expect(screen.getByText('ab12cd34')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy sha-256 fingerprint' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Copy raw key (base64, 32 bytes)' }),
    ).toBeInTheDocument();
  });

  it('revokes by key with a reason, and shows the server answer', async () => {
    fetchMock.mockImplementation(
      routes({
        'POST /admin/licences/revoke': () =>
          Response.json({
            message: 'Licence revoked. The tool is answered REVOKED from its next check.',
            revoked: 'licence',
            id: 'l1',
          }),
      }),
    );
    renderWithProviders(<LicensingSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Key is required.')).toBeInTheDocument();
    await userEvent.type(
      screen.getByLabelText('Licence key or voucher code'),
      'STLL-AAAAA-BBBBB-CCCCC-DDDDD',
    );
    await userEvent.type(screen.getByLabelText('Reason'), 'Chargeback');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(
      await screen.findByText('Licence revoked. The tool is answered REVOKED from its next check.'),
    ).toBeInTheDocument();
    expect(bodyOf('POST /admin/licences/revoke')).toEqual({
      key: 'STLL-AAAAA-BBBBB-CCCCC-DDDDD',
      reason: 'Chargeback',
    });
  });

  it('saves variables as a JSON object and refuses text that is not one; saves machines per plan', async () => {
    fetchMock.mockImplementation(
      routes({
        'PUT /admin/products/stellar-launcher/variables': () =>
          Response.json({ message: 'Variables saved.' }),
        [`PUT /admin/plans/${PLAN}/machines`]: () =>
          Response.json({ message: 'Machines per licence saved.' }),
      }),
    );
    renderWithProviders(<LicensingSection />);
    const variables = await screen.findByLabelText('Variables of Stellar Launcher');
    await userEvent.clear(variables);
    await userEvent.type(variables, '[[1]');
    await userEvent.click(screen.getByRole('button', { name: 'Save variables' }));
    expect(await screen.findByText('Variables must be a JSON object.')).toBeInTheDocument();
    await userEvent.clear(variables);
    await userEvent.type(variables, '{{"latest": "2.0.0"}');
    await userEvent.click(screen.getByRole('button', { name: 'Save variables' }));
    expect(await screen.findByText('Variables of Stellar Launcher saved.')).toBeInTheDocument();
    expect(bodyOf('PUT /admin/products/stellar-launcher/variables')).toEqual({
      variables: { latest: '2.0.0' },
    });
    const machines = screen.getByLabelText('Machines per licence, Basic Plan');
    await userEvent.clear(machines);
    await userEvent.type(machines, '3');
    const form = machines.closest('form')!;
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Basic Plan: 3 machines per licence.')).toBeInTheDocument();
    expect(bodyOf(`PUT /admin/plans/${PLAN}/machines`)).toEqual({ maxMachines: 3 });
  });
});
