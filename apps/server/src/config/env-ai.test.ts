import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig: the AI engine settings', () => {
  it('defaults to the offline local engine, which needs nothing else', () => {
    const config = loadConfig({});
    expect(config.AI_PROVIDER).toBe('local');
    expect(config.OPENAI_TIMEOUT_MS).toBe(30_000);
    expect(config.OPENAI_MAX_RETRIES).toBe(1);
  });

  it('takes an OpenAI-compatible server of one’s own without a key', () => {
    const config = loadConfig({
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      OPENAI_MODEL: 'llama3.1',
      OPENAI_TIMEOUT_MS: '5000',
    });
    expect(config.OPENAI_BASE_URL).toBe('http://127.0.0.1:11434/v1');
    expect(config.OPENAI_MODEL).toBe('llama3.1');
    expect(config.OPENAI_TIMEOUT_MS).toBe(5000);
  });

  it('stops the boot naming what the openai engine lacks, without echoing the key', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'openai' })).toThrowError(ConfigError);
    try {
      loadConfig({ AI_PROVIDER: 'openai' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain('OPENAI_MODEL');
      expect((error as Error).message).toContain('OPENAI_API_KEY');
    }
    try {
      loadConfig({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-secret-value' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain('OPENAI_MODEL');
      expect((error as Error).message).not.toContain('sk-secret-value');
    }
  });

  it('refuses bad values with a clear message', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'gpt' })).toThrowError(
      /AI_PROVIDER: use local or openai/,
    );
    expect(() => loadConfig({ OPENAI_BASE_URL: 'not a url' })).toThrowError(/OPENAI_BASE_URL/);
    expect(() => loadConfig({ OPENAI_TIMEOUT_MS: '10' })).toThrowError(/OPENAI_TIMEOUT_MS/);
    expect(() => loadConfig({ OPENAI_MAX_RETRIES: '9' })).toThrowError(/OPENAI_MAX_RETRIES/);
  });
});
