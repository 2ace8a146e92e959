import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const BASE = {
  JWT_SECRET: 'a-secret-for-this-test-only-0123456789abcdef',
  DATA_DIR: '/nonexistent',
  APP_URL: 'https://app.example.org',
};
const GOOGLE = { OIDC_GOOGLE_CLIENT_ID: 'id', OIDC_GOOGLE_CLIENT_SECRET: 'secret' };

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ ...BASE, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('oidc.config', () => {
  it('turns no provider on by default', () => {
    expect(loadConfig(BASE).oidc.providers).toEqual([]);
  });

  it("turns Google on with its client, at Google's issuer, redirecting to the callback page", () => {
    expect(loadConfig({ ...BASE, ...GOOGLE }).oidc.providers).toEqual([
      {
        id: 'google',
        label: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'id',
        clientSecret: 'secret',
        redirectUri: 'https://app.example.org/login/oidc',
        allowInsecureRequests: false,
      },
    ]);
  });

  it('names the missing setting of a half-configured provider', () => {
    expect(configError({ OIDC_GOOGLE_CLIENT_ID: 'id' })).toContain('OIDC_GOOGLE_CLIENT_SECRET');
    expect(
      configError({ OIDC_MICROSOFT_CLIENT_ID: 'id', OIDC_MICROSOFT_CLIENT_SECRET: 'secret' }),
    ).toContain('OIDC_MICROSOFT_ISSUER');
  });

  it('allows a plain-http issuer only on this machine and outside production', () => {
    const local = { ...GOOGLE, OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:4000' };
    expect(
      loadConfig({ ...BASE, ...local, NODE_ENV: 'test' }).oidc.providers[0]?.allowInsecureRequests,
    ).toBe(true);
    expect(configError({ ...local, NODE_ENV: 'production' })).toContain('OIDC_GOOGLE_ISSUER');
    expect(
      configError({ ...GOOGLE, OIDC_GOOGLE_ISSUER: 'http://idp.example.org', NODE_ENV: 'test' }),
    ).toContain('must be an https:// URL');
  });
});
