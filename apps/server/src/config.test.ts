import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxySetting } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 5000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      RATE_LIMIT: 'on',
      LOG_LEVEL: 'info',
    });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT /],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [
      { DATABASE_URL: 'mysql://x' },
      /^Invalid configuration: DATABASE_URL must start with postgres:\/\//,
    ],
    [{ RATE_LIMIT: 'maybe' }, /^Invalid configuration: RATE_LIMIT /],
    [{ ENCRYPTION_KEY: 'short' }, /^Invalid configuration: ENCRYPTION_KEY must be 64 hex/],
    [{ OWNER_PASSWORD: 'short' }, /^Invalid configuration: OWNER_PASSWORD /],
    [{ TRUST_PROXY: 'true' }, /^Invalid configuration: TRUST_PROXY must not be true/],
    [{ TRUST_PROXY: 'TRUE' }, /^Invalid configuration: TRUST_PROXY must not be true/],
  ])('refuses %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(5000);
  });

  it('reads TRUST_PROXY forms', () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(() => trustProxySetting('true')).toThrow(ConfigError);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe('1');
    expect(trustProxySetting('2')).toBe(2);
    expect(trustProxySetting('10.0.0.0/8')).toBe('10.0.0.0/8');
  });
});
