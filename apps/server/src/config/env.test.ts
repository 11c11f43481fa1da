import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('applies the defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.DATA_DIR.endsWith('data')).toBe(true);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '' }).PORT).toBe(3000);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: '99999', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
    }
  });

  it('refuses a short SESSION_SECRET without echoing it', () => {
    try {
      loadConfig({ SESSION_SECRET: 'hunter2' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain('SESSION_SECRET');
      expect((error as Error).message).not.toContain('hunter2');
    }
  });

  it('reads the AI budgets per member, whole numbers of at least 1', () => {
    expect(loadConfig({}).AI_RATE_LIMIT).toBe(30);
    expect(loadConfig({}).AI_CHAT_RATE_LIMIT).toBe(20);
    expect(loadConfig({ AI_CHAT_RATE_LIMIT: '5' }).AI_CHAT_RATE_LIMIT).toBe(5);
    expect(() => loadConfig({ AI_CHAT_RATE_LIMIT: '0' })).toThrowError(/AI_CHAT_RATE_LIMIT/);
    expect(() => loadConfig({ AI_CHAT_RATE_LIMIT: 'lots' })).toThrowError(/AI_CHAT_RATE_LIMIT/);
  });

  it('parses booleans', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrowError(/SEED_DEMO/);
  });

  it('parses TRUST_PROXY as false, hops, proxy addresses or true', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrowError(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrowError(/TRUST_PROXY/);
  });

  it('needs PUBLIC_URL for mail that leaves (SMTP_URL): links must not name a claimed Host', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrowError(
      /PUBLIC_URL: set it with SMTP_URL/,
    );
    const config = loadConfig({
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://fit.example.com/',
    });
    expect(config.PUBLIC_URL).toBe('https://fit.example.com');
    // Kept in the outbox for admins: the request's address serves.
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
  });
});
