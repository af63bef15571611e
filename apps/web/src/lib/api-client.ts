/**
 * The one API client (spec §7, §8): JSON, credentials included, same origin.
 * - 401 from any call: the isAuthenticated flag is removed, the app goes to '/', and the
 *   call fails with the message 'Unauthorized'.
 * - any other non-OK response fails with the body's `detail`, or 'Request failed'.
 * - a network failure is logged as a warning and fails with a readable message.
 */
import { setFlag } from './local-flags';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

let onUnauthorized: () => void = () => window.location.assign('/');

/** The router registers an in-app navigation to '/' here (avoids a full reload). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type Query = Record<string, string | number | boolean | null | undefined>;

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function request<T>(method: string, path: string, options: { body?: unknown; query?: Query } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      credentials: 'include',
      headers:
        options.body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    console.warn('The DiaCare server is not reachable.', error);
    throw new ApiError('Cannot reach DiaCare. Check your connection and try again.', 0);
  }
  if (response.status === 401) {
    setFlag('isAuthenticated', false);
    onUnauthorized();
    throw new ApiError('Unauthorized', 401);
  }
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const detail = (data as { detail?: unknown } | null)?.detail;
    throw new ApiError(typeof detail === 'string' && detail ? detail : 'Request failed', response.status);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown, query?: Query) => request<T>('PUT', path, { body, query }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
