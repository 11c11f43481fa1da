import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-signed, expiring messages, like Rails' MessageVerifier: `<base64url JSON>.<base64url
 * HMAC-SHA256>` (a dot, which base64url never contains, so the two parts always split apart). The JSON carries a purpose, so a token made for one use (a disk upload url)
 * never verifies as another (a signed blob id). The key is derived from the session secret,
 * so every node of an installation that shares SESSION_SECRET verifies the others' tokens.
 */

export type MessagePurpose = 'blob_id' | 'blob_token';

interface Envelope {
  pur: MessagePurpose;
  /** Expiry, epoch milliseconds. */
  exp: number;
  data: unknown;
}

/** Long enough for a URL path segment yet bounded: anything longer is not one of ours. */
const MAX_TOKEN_LENGTH = 2000;

export class MessageVerifier {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = createHmac('sha256', sessionSecret).update('fitcoach:active-storage').digest();
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }

  /** A token for `data` that verifies for `purpose` until `ttlMs` from `now`. */
  sign(purpose: MessagePurpose, data: unknown, ttlMs: number, now = Date.now()): string {
    const envelope: Envelope = { pur: purpose, exp: now + ttlMs, data };
    const body = Buffer.from(JSON.stringify(envelope)).toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** The signed data, or null when the token is malformed, forged, expired or for another use. */
  verify(purpose: MessagePurpose, token: string, now = Date.now()): unknown {
    if (token.length > MAX_TOKEN_LENGTH) return null;
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return null;
    // Compared as text: decoding base64 would skip stray characters and accept variants.
    const given = Buffer.from(mac);
    const expected = Buffer.from(this.mac(body).toString('base64url'));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Envelope;
    } catch {
      return null;
    }
    if (envelope.pur !== purpose || typeof envelope.exp !== 'number' || envelope.exp <= now) {
      return null;
    }
    return envelope.data;
  }
}
