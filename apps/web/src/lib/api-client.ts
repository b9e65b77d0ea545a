import { type ApiError as ApiErrorBody, type Envelope, type ErrorCode, errorCodeOf } from '@backroom/shared';

/**
 * A failed call, carrying the server's words for it and its machine-readable `code` (docs/architecture.md
 * §3): screens branch on the code, never on the words.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly status: number,
    message: string,
    readonly fields: ApiErrorBody['fields'] = [],
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code ?? errorCodeOf(status);
  }
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();
const errorListeners = new Set<Listener>();

/** The app shell listens here: a 401 sends the user to the login page. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The app shell listens here to show errors as toasts. */
export function onApiError(listener: Listener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

export interface RequestOptions {
  body?: unknown;
  /** Headers of the call's own (the storefront's site and channel on the confirmation e-mail). */
  headers?: Record<string, string>;
  /** Leave the error to the caller: no toast (the login form shows its own message). */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Let the call finish though the page is going away (a barcode given back as the tab closes). */
  keepalive?: boolean;
}

/** Calls the API and unwraps the envelope: resolves with `data`, rejects with an ApiError. */
export async function api<T>(method: string, path: string, options: RequestOptions = {}): Promise<T[]> {
  return (await apiEnvelope<T>(method, path, options)).data;
}

/**
 * Calls the API and resolves with the whole envelope (a paged list's `hasMore` beside its data); rejects with
 * an ApiError carrying the server's message and `error.code`. A call its caller aborted rejects with the
 * abort's reason, quietly.
 */
export async function apiEnvelope<T>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      // FormData (a file upload) sets its own multipart content type.
      headers: {
        ...(options.body === undefined || options.body instanceof FormData
          ? {}
          : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body:
        options.body === undefined
          ? undefined
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const error = new ApiError(0, 'Cannot reach the server. Check the connection and try again.');
    if (!options.quiet) for (const l of errorListeners) l(error);
    throw Object.assign(error, { cause });
  }
  let envelope: Envelope<T> | undefined;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = undefined;
  }
  if (response.ok && envelope) return envelope;

  const error = new ApiError(
    response.status,
    envelope?.error?.message ?? `The server answered ${response.status}.`,
    envelope?.error?.fields,
    envelope?.error?.code,
  );
  if (response.status === 401) {
    for (const l of unauthorizedListeners) l(error);
  } else if (!options.quiet) {
    for (const l of errorListeners) l(error);
  }
  throw error;
}

/** The first item of a reply, for calls that answer one record. */
export async function apiOne<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
  const [first] = await api<T>(method, path, options);
  if (first === undefined) throw new ApiError(500, 'The server answered with no data.');
  return first;
}
