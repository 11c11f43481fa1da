import { DirectUpload, type Blob as UploadedBlob } from '@rails/activestorage';
import { renewCsrfToken } from './api-client';

export type { UploadedBlob };

/**
 * A refusal from `DirectUpload`. The message is the library's own text, which is the spec's:
 * 'Error creating Blob for "{file}". Status: {n}', 'Error storing "{file}". Status: {n}' or
 * 'Error reading {file}'. The reason is what the server said, when it answered in the API's
 * error shape ("Choose an image…", "…up to 10 MB."); the library drops it.
 */
export class DirectUploadError extends Error {
  constructor(
    message: string,
    readonly reason: string | null = null,
  ) {
    super(message);
    this.name = 'DirectUploadError';
  }
}

/**
 * The `message` of a refused upload request's answer in the API's error shape, or null (no
 * answer, or another shape: an S3 bucket's XML, a proxy's page). The blob POST is read as JSON
 * by the library, the PUT of the bytes as text.
 */
export function refusalReason(
  request: Pick<XMLHttpRequest, 'status' | 'response' | 'responseType'> | undefined,
): string | null {
  if (!request || request.status === 0 || (request.status >= 200 && request.status < 300)) {
    return null;
  }
  let body: unknown = request.response;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return null;
    }
  }
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const message = body.message;
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : null;
}

export interface DirectUploadOptions {
  /** Share of the file's bytes sent so far (0–1), from the PUT's upload progress. */
  onProgress?: (fraction: number) => void;
}

interface AttemptFailure {
  message: string;
  blobRequest: XMLHttpRequest | undefined;
  /** The PUT of the bytes, once the blob was declared. */
  storeRequest: XMLHttpRequest | undefined;
}

function attempt(
  file: File,
  url: string,
  options: DirectUploadOptions,
): Promise<UploadedBlob | AttemptFailure> {
  return new Promise((resolve) => {
    let blobRequest: XMLHttpRequest | undefined;
    let storeRequest: XMLHttpRequest | undefined;
    const upload = new DirectUpload(file, url, {
      directUploadWillCreateBlobWithXHR: (xhr) => {
        blobRequest = xhr;
      },
      directUploadWillStoreFileWithXHR: (xhr) => {
        storeRequest = xhr;
        xhr.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable && event.total > 0) {
            options.onProgress?.(event.loaded / event.total);
          }
        });
      },
    });
    upload.create((error, blob) => {
      // The library calls back with a plain string, although its typings say Error.
      if (error) {
        const message = error instanceof Error ? error.message : String(error);
        resolve({ message, blobRequest, storeRequest });
      } else if (blob) resolve(blob);
      else
        resolve({ message: `Error storing "${file.name}". Status: 0`, blobRequest, storeRequest });
    });
  });
}

function isStaleCsrfRefusal(request: XMLHttpRequest | undefined): boolean {
  if (request?.status !== 403) return false;
  const body: unknown = request.response;
  return typeof body === 'object' && body !== null && 'error' in body
    ? body.error === 'invalid_csrf_token'
    : false;
}

/**
 * Uploads a file with the official `DirectUpload` (MD5 in 2 MB chunks, then the blob POST to
 * `url` with the token from `<meta name="csrf-token">`, then the PUT of the bytes). Like every
 * other mutation of the app, a refusal for a stale CSRF token is retried once with a fresh one.
 * Resolves with the blob (its `signed_id` attaches it); rejects with a DirectUploadError.
 */
export async function directUpload(
  file: File,
  url: string,
  options: DirectUploadOptions = {},
): Promise<UploadedBlob> {
  let result = await attempt(file, url, options);
  if ('message' in result && isStaleCsrfRefusal(result.blobRequest) && (await renewCsrfToken())) {
    result = await attempt(file, url, options);
  }
  if ('message' in result) {
    throw new DirectUploadError(
      result.message,
      refusalReason(result.storeRequest ?? result.blobRequest),
    );
  }
  return result;
}

export const DIRECT_UPLOAD_ERROR_EVENT = 'direct-upload:error';

export interface DirectUploadErrorDetail {
  /** The spec's text. */
  error: string;
  file: File;
  /** What the server said, when it said something in the API's error shape. */
  reason: string | null;
}

/**
 * Dispatches the cancelable `direct-upload:error` event on the file input, as Active Storage
 * does. True when no listener cancelled it, i.e. the page should show the message itself.
 */
export function announceDirectUploadError(
  input: HTMLInputElement | null,
  failure: DirectUploadError,
  file: File,
): boolean {
  if (!input) return true;
  return input.dispatchEvent(
    new CustomEvent<DirectUploadErrorDetail>(DIRECT_UPLOAD_ERROR_EVENT, {
      bubbles: true,
      cancelable: true,
      detail: { error: failure.message, file, reason: failure.reason },
    }),
  );
}
