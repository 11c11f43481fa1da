import { DirectUpload, type Blob as UploadedBlob } from '@rails/activestorage';
import { renewCsrfToken } from './api-client';

export type { UploadedBlob };

/**
 * A refusal from `DirectUpload`. The message is the library's own text, which is the spec's:
 * 'Error creating Blob for "{file}". Status: {n}', 'Error storing "{file}". Status: {n}' or
 * 'Error reading {file}'.
 */
export class DirectUploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DirectUploadError';
  }
}

export interface DirectUploadOptions {
  /** Share of the file's bytes sent so far (0–1), from the PUT's upload progress. */
  onProgress?: (fraction: number) => void;
}

interface AttemptFailure {
  message: string;
  blobRequest: XMLHttpRequest | undefined;
}

function attempt(
  file: File,
  url: string,
  options: DirectUploadOptions,
): Promise<UploadedBlob | AttemptFailure> {
  return new Promise((resolve) => {
    let blobRequest: XMLHttpRequest | undefined;
    const upload = new DirectUpload(file, url, {
      directUploadWillCreateBlobWithXHR: (xhr) => {
        blobRequest = xhr;
      },
      directUploadWillStoreFileWithXHR: (xhr) => {
        xhr.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable && event.total > 0) {
            options.onProgress?.(event.loaded / event.total);
          }
        });
      },
    });
    upload.create((error, blob) => {
      // The library calls back with a plain string, although its typings say Error.
      if (error)
        resolve({ message: error instanceof Error ? error.message : String(error), blobRequest });
      else if (blob) resolve(blob);
      else resolve({ message: `Error storing "${file.name}". Status: 0`, blobRequest });
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
  if ('message' in result) throw new DirectUploadError(result.message);
  return result;
}

export const DIRECT_UPLOAD_ERROR_EVENT = 'direct-upload:error';

export interface DirectUploadErrorDetail {
  error: string;
  file: File;
}

/**
 * Dispatches the cancelable `direct-upload:error` event on the file input, as Active Storage
 * does. True when no listener cancelled it, i.e. the page should show the message itself.
 */
export function announceDirectUploadError(
  input: HTMLInputElement | null,
  error: string,
  file: File,
): boolean {
  if (!input) return true;
  return input.dispatchEvent(
    new CustomEvent<DirectUploadErrorDetail>(DIRECT_UPLOAD_ERROR_EVENT, {
      bubbles: true,
      cancelable: true,
      detail: { error, file },
    }),
  );
}
