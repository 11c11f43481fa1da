// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { refusalReason } from './direct-upload';

/** A finished upload request as the library leaves it: the blob POST reads JSON, the PUT text. */
function finished(status: number, response: unknown, responseType: XMLHttpRequestResponseType) {
  return { status, response, responseType };
}

describe('the reason of a refused upload', () => {
  it('is the message of an answer in the API’s error shape, from the blob POST (JSON)', () => {
    expect(
      refusalReason(
        finished(
          415,
          {
            error: 'unsupported_media_type',
            message: 'Choose an image (JPEG, PNG, WebP or GIF).',
          },
          'json',
        ),
      ),
    ).toBe('Choose an image (JPEG, PNG, WebP or GIF).');
  });

  it('is any refusal’s message in that shape: a quota, storage down, too many at once', () => {
    for (const [status, error, message] of [
      [413, 'payload_too_large', 'Your storage is full: 50 MB of 50 MB used.'],
      [503, 'service_unavailable', 'File storage is unavailable. Try again in a minute.'],
      [429, 'rate_limited', 'Too many uploads at once. Please wait 1 minute and try again.'],
    ] as const) {
      expect(refusalReason(finished(status, { error, message }, 'json'))).toBe(message);
    }
  });

  it('reads the PUT of the bytes, which the library takes as text', () => {
    const body = JSON.stringify({
      error: 'unprocessable',
      message: 'The file’s checksum does not match. Start the upload again.',
    });
    expect(refusalReason(finished(422, body, 'text'))).toBe(
      'The file’s checksum does not match. Start the upload again.',
    );
  });

  it('is null without an answer in that shape', () => {
    expect(refusalReason(undefined)).toBeNull();
    // No answer at all (offline), a success, an S3 bucket's XML, a proxy page, JSON without one.
    expect(refusalReason(finished(0, null, 'json'))).toBeNull();
    expect(refusalReason(finished(201, { message: 'created' }, 'json'))).toBeNull();
    expect(
      refusalReason(finished(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>', 'text')),
    ).toBeNull();
    expect(refusalReason(finished(502, '<h1>Bad Gateway</h1>', 'text'))).toBeNull();
    expect(refusalReason(finished(500, { error: 'internal_error' }, 'json'))).toBeNull();
    expect(refusalReason(finished(413, null, 'json'))).toBeNull();
  });
});
