import { vi } from 'vitest';

export type Handler = (request: {
  body: unknown;
  headers: Headers;
  url: URL;
}) => Response | Promise<Response>;

/**
 * Stubs fetch with handlers keyed "METHOD /path" (the path under /api, without the query).
 * Unknown calls answer 404. Returns the mock, so tests can read the calls made.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const key = `${method} ${url.pathname.replace(/^\/api/, '')}`;
    const handler = handlers[key];
    if (!handler) return Response.json({ message: `No mock for ${key}` }, { status: 404 });
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return handler({ body, headers: new Headers(init?.headers), url });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one "METHOD /path". */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, key: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname.replace(/^\/api/, '')}` === key;
  });
}
