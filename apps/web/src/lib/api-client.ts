/**
 * The one API client: JSON, credentials, same origin. A 401 clears the sign-in flags (the outbox
 * stays) and goes to '/'; other failures carry the body's `detail`, or a readable message for a
 * network failure. `api.stream` hands back a streamed (NDJSON) body.
 */
import { t } from './i18n/i18n';
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

/**
 * Resolves in a task of its own. A screen's queries all start in the commit that mounts it, and
 * each fetch() costs the main thread about a millisecond; reads sent one per task never add up
 * to a long task (decision 061).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Sends one request; a network failure becomes a readable ApiError (status 0). */
async function send(
  method: string,
  path: string,
  body: unknown,
  accept: string,
  query?: Query,
  extraHeaders?: Record<string, string>,
): Promise<Response> {
  if (method === 'GET') await nextTask();
  try {
    return await fetch(withQuery(path, query), {
      method,
      credentials: 'include',
      headers: {
        Accept: accept,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    console.warn('The DiaCare server is not reachable.', error);
    throw new ApiError(t('common.offline'), 0);
  }
}

/** 401 → sign-out; any other non-OK status → ApiError with the body's `detail`. */
async function failIfNotOk(response: Response): Promise<void> {
  if (response.status === 401) {
    setFlag('isAuthenticated', false);
    setFlag('profileCompleted', false);
    onUnauthorized();
    throw new ApiError('Unauthorized', 401);
  }
  if (response.ok) return;
  let detail: unknown;
  try {
    detail = ((await response.json()) as { detail?: unknown } | null)?.detail;
  } catch {
    detail = undefined;
  }
  throw new ApiError(typeof detail === 'string' && detail ? detail : t('common.requestFailed'), response.status);
}

async function request<T>(method: string, path: string, options: { body?: unknown; query?: Query } = {}): Promise<T> {
  const response = await send(method, path, options.body, 'application/json', options.query);
  await failIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * POSTs JSON and returns the response body as a byte stream, for answers that arrive in
 * pieces (NDJSON). `headers` are added to the request (e.g. an Idempotency-Key). Errors before
 * the stream starts behave like every other call: 401 signs out, other statuses fail with the
 * body's `detail`.
 */
async function stream(
  path: string,
  body: unknown,
  headers?: Record<string, string>,
): Promise<ReadableStream<Uint8Array>> {
  const response = await send('POST', path, body, 'application/x-ndjson', undefined, headers);
  await failIfNotOk(response);
  if (!response.body) throw new ApiError(t('common.requestFailed'), response.status);
  return response.body;
}

/**
 * POSTs a file as the raw body with its own type (a sensor export as text/csv) and
 * returns the JSON answer; errors as for every other call.
 */
async function postFile<T>(path: string, file: Blob, contentType: string): Promise<T> {
  const response = await sendFile('POST', path, file, contentType);
  return (await response.json()) as T;
}

/** PUTs a file as the raw body with its own type (a meal's photo); errors as for every other call. */
async function putFile(path: string, file: Blob, contentType: string): Promise<void> {
  await sendFile('PUT', path, file, contentType);
}

async function sendFile(method: 'POST' | 'PUT', path: string, file: Blob, contentType: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': contentType },
      body: file,
    });
  } catch (error) {
    console.warn('The DiaCare server is not reachable.', error);
    throw new ApiError(t('common.offline'), 0);
  }
  await failIfNotOk(response);
  return response;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown, query?: Query) => request<T>('PUT', path, { body, query }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, { body }),
  stream,
  postFile,
  putFile,
};

/**
 * GETs a file and saves it through a temporary `<a download>` (the browser's own download),
 * named by the response's Content-Disposition filename, else `fallbackName`. Errors behave
 * like every other call: 401 signs out, other statuses fail with the body's `detail`.
 * @returns the saved file's name
 */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<{ fileName: string }> {
  const response = await send('GET', path, undefined, '*/*', query);
  await failIfNotOk(response);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { fileName };
}
