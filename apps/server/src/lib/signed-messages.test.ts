import { describe, expect, it } from 'vitest';
import { MessageVerifier } from './signed-messages';

const secret = 'a-session-secret-of-at-least-32-characters';

describe('MessageVerifier', () => {
  const verifier = new MessageVerifier(secret);

  it('gives back what it signed until it expires', () => {
    const now = Date.now();
    const token = verifier.sign('blob_id', 42, 60_000, now);
    expect(verifier.verify('blob_id', token, now + 59_999)).toBe(42);
    expect(verifier.verify('blob_id', token, now + 60_000)).toBeNull();
  });

  it('verifies every token it makes, whatever characters its parts hold', () => {
    // base64url has '-' and '_': a separator from that alphabet once split some tokens wrongly.
    for (let i = 0; i < 2000; i += 1) {
      const token = verifier.sign('blob_token', { key: i.toString(36), n: i }, 60_000);
      expect(verifier.verify('blob_token', token)).toEqual({ key: i.toString(36), n: i });
    }
  });

  it('refuses a token made for another purpose or with another secret', () => {
    const token = verifier.sign('blob_id', 42, 60_000);
    expect(verifier.verify('blob_token', token)).toBeNull();
    expect(new MessageVerifier(`${secret}-other`).verify('blob_id', token)).toBeNull();
  });

  it('refuses any change to the data, the expiry or the signature', () => {
    const token = verifier.sign('blob_id', 42, 60_000);
    const [body, mac] = token.split('.') as [string, string];
    const envelope = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
      data: number;
      exp: number;
    };
    const reSigned = (changed: object) =>
      `${Buffer.from(JSON.stringify({ ...envelope, ...changed })).toString('base64url')}.${mac}`;
    expect(verifier.verify('blob_id', reSigned({ data: 43 }))).toBeNull();
    expect(verifier.verify('blob_id', reSigned({ exp: envelope.exp + 1 }))).toBeNull();
    expect(verifier.verify('blob_id', `${body}.${mac.slice(0, -2)}AA`)).toBeNull();
    expect(verifier.verify('blob_id', `${body}.`)).toBeNull();
    expect(verifier.verify('blob_id', `${token}!`)).toBeNull();
    expect(verifier.verify('blob_id', `${token}.x`)).toBeNull();
    expect(verifier.verify('blob_id', 'no separator')).toBeNull();
    expect(verifier.verify('blob_id', `${'x'.repeat(3000)}.${mac}`)).toBeNull();
  });
});
