import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';

describe('configuration is parsed once from the environment', () => {
  it('defaults: localhost:3000, data in .kiln, embedded database', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      dataDir: '.kiln',
      databaseUrl: undefined,
      github: undefined,
    });
  });

  it('PORT and KILN_HOST shape the public address; KILN_PUBLIC_URL overrides it', () => {
    expect(parseConfig({ PORT: '8080', KILN_HOST: 'kiln.test' }).publicUrl).toBe('http://kiln.test:8080');
    expect(parseConfig({ KILN_PUBLIC_URL: 'https://kiln.example.com/' }).publicUrl).toBe(
      'https://kiln.example.com',
    );
  });

  it('previews live on preview.{KILN_HOST} unless KILN_PREVIEW_HOST gives them a domain of their own', () => {
    expect(parseConfig({ KILN_HOST: 'Kiln.test' }).previewHosts).toEqual({
      preview: 'preview.kiln.test',
      webcontainer: 'webcontainer.kiln.test',
    });
    expect(
      parseConfig({ KILN_HOST: 'kiln.test', KILN_PREVIEW_HOST: 'kiln-preview.test' }).previewHosts,
    ).toEqual({
      preview: 'kiln-preview.test',
      webcontainer: 'webcontainer.kiln-preview.test',
    });
    expect(parseConfig({ KILN_PREVIEW_HOST: '' }).previewHosts.preview).toBe('preview.localhost');
    for (const bad of ['https://kiln-preview.test', 'kiln-preview.test:8080', '.kiln-preview.test', 'a b']) {
      expect(() => parseConfig({ KILN_PREVIEW_HOST: bad })).toThrow(/KILN_PREVIEW_HOST/);
    }
  });

  it('GitHub sign-in is enabled only when both keys are set', () => {
    expect(parseConfig({ GITHUB_CLIENT_ID: 'id' }).github).toBeUndefined();
    expect(parseConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 's' }).github).toEqual({
      clientId: 'id',
      clientSecret: 's',
    });
  });

  it('KILN_CLONE_ALLOW_ORIGINS: host:port entries, lower-cased; anything else is refused', () => {
    expect(parseConfig({}).clone).toEqual({ allowPrivateAddresses: false, allowOrigins: [] });
    expect(
      parseConfig({ KILN_CLONE_ALLOW_ORIGINS: '127.0.0.1:4100, Intranet.Example:8080,[::1]:81' }).clone,
    ).toEqual({
      allowPrivateAddresses: false,
      allowOrigins: ['127.0.0.1:4100', 'intranet.example:8080', '[::1]:81'],
    });
    for (const value of ['127.0.0.1', 'http://127.0.0.1:4100', '*:80', 'a b:80'])
      expect(() => parseConfig({ KILN_CLONE_ALLOW_ORIGINS: value })).toThrow(ConfigError);
  });

  it('KILN_BUILD_EGRESS: builds fetch through Kiln unless switched off; its origins and cache size', () => {
    expect(parseConfig({}).preview.egress).toEqual({
      enabled: true,
      allowOrigins: [],
      cacheBytes: 512 * 1024 * 1024,
    });
    expect(
      parseConfig({
        KILN_BUILD_EGRESS: 'off',
        KILN_BUILD_EGRESS_ALLOW_ORIGINS: 'Mirror.Intranet:8080',
        KILN_BUILD_EGRESS_CACHE_MB: '64',
      }).preview.egress,
    ).toEqual({ enabled: false, allowOrigins: ['mirror.intranet:8080'], cacheBytes: 64 * 1024 * 1024 });
    for (const [name, value] of [
      ['KILN_BUILD_EGRESS', 'false'],
      ['KILN_BUILD_EGRESS_ALLOW_ORIGINS', 'http://127.0.0.1:4100'],
      ['KILN_BUILD_EGRESS_CACHE_MB', '0'],
    ])
      expect(() => parseConfig({ [name!]: value })).toThrow(new RegExp(name!));
  });

  it('KILN_APP_EGRESS_PORTS: app servers reach ports 80 and 443 unless told otherwise; anything but ports is refused', () => {
    expect(parseConfig({}).apps.egressPorts).toEqual([80, 443]);
    expect(parseConfig({ KILN_APP_EGRESS_PORTS: '' }).apps.egressPorts).toEqual([80, 443]);
    expect(parseConfig({ KILN_APP_EGRESS_PORTS: '443, 8443,443' }).apps.egressPorts).toEqual([443, 8443]);
    for (const value of ['http', '80;443', '0', '65536', '80,-1', '1.5', ',', '80:443'])
      expect(() => parseConfig({ KILN_APP_EGRESS_PORTS: value })).toThrow(/KILN_APP_EGRESS_PORTS/);
  });

  it('KILN_APP_RESPONSE_TIMEOUT_MS: a whole response may take five minutes by default, at least a second', () => {
    expect(parseConfig({}).apps.responseTimeoutMs).toBe(300_000);
    expect(parseConfig({ KILN_APP_RESPONSE_TIMEOUT_MS: '60000' }).apps.responseTimeoutMs).toBe(60_000);
    expect(() => parseConfig({ KILN_APP_RESPONSE_TIMEOUT_MS: '10' })).toThrow(/KILN_APP_RESPONSE_TIMEOUT_MS/);
  });

  it('empty values count as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', KILN_SECRET: '' })).toMatchObject({
      databaseUrl: undefined,
      secret: undefined,
    });
  });

  it('rejects bad values with a message naming the variable', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ KILN_SECRET: 'short' })).toThrow(/KILN_SECRET/);
  });
});
