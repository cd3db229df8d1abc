import { getToken } from './session';

/** The spec's shared error texts. */
export const GENERIC_ERROR_MESSAGE = 'An error occurred';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again later.';

const API_BASE = (import.meta.env.VITE_API_BASE?.trim() || '/api').replace(/\/+$/, '');

/** A failed call: `status` is 0 when no response arrived at all. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** Field errors from the server, keyed by field name (empty when none). */
  readonly errors: Record<string, string>;
  /** The server's own message, or null when the text is one of ours (no answer, no message). */
  readonly serverMessage: string | null;

  constructor(
    status: number,
    message: string,
    errors: Record<string, string> = {},
    cause?: unknown,
    serverMessage: string | null = null,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.errors = errors;
    this.serverMessage = serverMessage;
  }
}

/** Anything with a zod-like `parse`; keeps this file free of a schema library. */
export interface ResponseParser<T> {
  parse(input: unknown): T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Validates and types the response body; without it the body is returned as is. */
  schema?: ResponseParser<T>;
  signal?: AbortSignal;
  /** Send the Bearer token (default true). */
  auth?: boolean;
}

/** The full URL of an API path such as '/users/user'. */
export function apiUrl(path: string, query?: RequestOptions<unknown>['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(value)) {
    if (typeof message === 'string') errors[field] = message;
  }
  return errors;
}

async function readBody(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text();
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** One call to the API: JSON in and out, Bearer token attached, non-2xx thrown as ApiError. */
export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, query, schema, signal, auth = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // Let TanStack Query see its own cancellations as such.
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, {}, error);
  }

  const parsed = await readBody(response).catch(() => ({ ok: false }) as const);
  if (!response.ok) {
    const payload = parsed.ok && isRecord(parsed.value) ? parsed.value : {};
    const serverMessage =
      typeof payload.message === 'string' && payload.message.trim() !== '' ? payload.message : null;
    throw new ApiError(
      response.status,
      serverMessage ?? GENERIC_ERROR_MESSAGE,
      readFieldErrors(payload.errors),
      undefined,
      serverMessage,
    );
  }
  // A 2xx that is not JSON (a proxy page, an HTML fallback) is not the answer we asked for.
  if (!parsed.ok) throw new ApiError(response.status, GENERIC_ERROR_MESSAGE);
  if (!schema) return parsed.value as T;
  try {
    return schema.parse(parsed.value);
  } catch (error) {
    throw new ApiError(response.status, GENERIC_ERROR_MESSAGE, {}, error);
  }
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) => apiRequest<T>(path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The text to show for a failed call (the spec's shared helper). */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return GENERIC_ERROR_MESSAGE;
}

/** The server's message of a failed call, or `fallback` (forms with their own spec text). */
export function getServerMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** Field errors of a failed call, for forms (empty when none). */
export function getFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.errors : {};
}
