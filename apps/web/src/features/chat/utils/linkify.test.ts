import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('makes http and https links clickable and keeps the rest as text', () => {
    expect(linkify('see https://example.org/a?b=1&c=2. and http://x.io')).toEqual([
      { kind: 'text', text: 'see ' },
      {
        kind: 'link',
        text: 'https://example.org/a?b=1&c=2',
        href: 'https://example.org/a?b=1&c=2',
      },
      { kind: 'text', text: '. and ' },
      { kind: 'link', text: 'http://x.io', href: 'http://x.io/' },
    ]);
  });

  it('leaves other schemes and markup as text', () => {
    const body = 'javascript:alert(1) <a href="https://evil">x</a> data:text/html,hi ftp://f.org';
    const parts = linkify(body);
    expect(parts.filter((p) => p.kind === 'link').map((p) => p.text)).toEqual(['https://evil']);
    expect(parts.map((p) => p.text).join('')).toBe(body);
  });

  it('answers one text part for a message without links', () => {
    expect(linkify('hello\nthere')).toEqual([{ kind: 'text', text: 'hello\nthere' }]);
  });
});
