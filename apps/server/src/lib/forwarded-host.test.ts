import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { forwardedHostReader } from './forwarded-host';

function upgrade(peer: string, headers: Record<string, string>): IncomingMessage {
  return { headers, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
}

describe('forwardedHostReader', () => {
  const spoofed = { host: 'internal:3000', 'x-forwarded-host': 'evil.example, fit.example' };

  it('reads the entry the trusted proxy wrote, never the client’s leftmost one', () => {
    expect(forwardedHostReader(['127.0.0.1'])(upgrade('127.0.0.1', spoofed))).toBe('fit.example');
    expect(forwardedHostReader(1)(upgrade('10.0.0.5', spoofed))).toBe('fit.example');
    expect(forwardedHostReader(true)(upgrade('10.0.0.5', spoofed))).toBe('fit.example');
  });

  it('ignores the header from a peer that is not a trusted proxy, or when none is', () => {
    expect(forwardedHostReader(['10.0.0.0/8'])(upgrade('192.0.2.9', spoofed))).toBe(
      'internal:3000',
    );
    expect(forwardedHostReader(false)(upgrade('127.0.0.1', spoofed))).toBe('internal:3000');
  });
});
