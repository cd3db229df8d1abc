import { TOKEN_STORAGE_KEY } from '@stellar/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiRequest, getErrorMessage, getServerMessage } from './api-client';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('returns the parsed JSON of a 200 and calls /api + path', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true, items: [1, 2] }));

    await expect(api.get('/products')).resolves.toEqual({ ok: true, items: [1, 2] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/products');
    expect(init?.method).toBe('GET');
  });

  it('sends a JSON body with its content type', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 'x' }));

    await api.post('/ticket/tickets', { message: 'hi' });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe('{"message":"hi"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('carries the stored token as a Bearer Authorization header', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-123');
    fetchMock.mockResolvedValue(jsonResponse(200, {}));

    await api.get('/users/user');
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('Authorization')).toBe(
      'Bearer tok-123',
    );
  });

  it('sends no Authorization header without a token or with auth: false', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, {}));

    await api.get('/products');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-123');
    await api.get('/products', { auth: false });
    for (const call of fetchMock.mock.calls) {
      expect(new Headers(call[1]!.headers).has('Authorization')).toBe(false);
    }
  });

  it('turns a 400 into an ApiError with the server message and field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        message: 'Validation failed',
        errors: { username: 'Username is taken' },
      }),
    );

    const error = await failureOf(api.post('/register', { username: 'a', password: 'b' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Validation failed');
    expect(error.errors).toEqual({ username: 'Username is taken' });
    expect(getErrorMessage(error)).toBe('Validation failed');
  });

  it('uses "An error occurred" for a 500 without a message', async () => {
    fetchMock.mockResolvedValue(new Response('Internal Server Error', { status: 500 }));

    const error = await failureOf(api.get('/users'));
    expect(error.status).toBe(500);
    expect(getErrorMessage(error)).toBe('An error occurred');
    expect(error.errors).toEqual({});
  });

  it('treats a non-2xx status such as 302 or 404 as a failure', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, {}));

    const error = await failureOf(api.get('/maintenance/status'));
    expect(error.status).toBe(404);
    expect(error.message).toBe('An error occurred');
  });

  it('uses the network message when fetch rejects', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await failureOf(api.get('/users/user'));
    expect(error.status).toBe(0);
    expect(getErrorMessage(error)).toBe('Network error. Please try again later.');
  });

  it('rejects a 2xx body that is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<!doctype html>', { status: 200 }));

    const error = await failureOf(api.get('/users/user'));
    expect(error.message).toBe('An error occurred');
  });

  it('returns undefined for an empty 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));

    await expect(api.post('/auth/logout')).resolves.toBeUndefined();
  });

  it('validates with a schema and fails on a mismatch', async () => {
    const schema = {
      parse(input: unknown) {
        if (typeof input !== 'number') throw new Error('not a number');
        return input;
      },
    };
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, 42))
      .mockResolvedValueOnce(jsonResponse(200, 'x'));

    await expect(apiRequest('/n', { schema })).resolves.toBe(42);
    const error = await failureOf(apiRequest('/n', { schema }));
    expect(error.message).toBe('An error occurred');
  });

  it('adds defined query parameters', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, []));

    await api.get('/ticket/tickets', { query: { userId: 'u 1', skip: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/ticket/tickets?userId=u+1');
  });
});

describe('getErrorMessage', () => {
  it('falls back to "An error occurred" for anything that is not an ApiError', () => {
    expect(getErrorMessage(new Error('boom'))).toBe('An error occurred');
    expect(getErrorMessage('nope')).toBe('An error occurred');
  });
});

describe('getServerMessage', () => {
  it("gives the server's own message, or the caller's fallback when the server gave none", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { message: 'Invalid username or password.' }),
    );
    const withMessage = await failureOf(api.post('/auth/login', {}));
    expect(getServerMessage(withMessage, 'fallback')).toBe('Invalid username or password.');

    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    const withoutMessage = await failureOf(api.post('/auth/login', {}));
    expect(withoutMessage.message).toBe('An error occurred');
    expect(getServerMessage(withoutMessage, 'fallback')).toBe('fallback');

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await failureOf(api.post('/auth/login', {}));
    expect(getServerMessage(offline, 'fallback')).toBe('fallback');
    expect(getServerMessage(new Error('boom'), 'fallback')).toBe('fallback');
  });
});
