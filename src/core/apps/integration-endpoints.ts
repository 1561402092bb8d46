import { findProvider } from '../integrations/providers.ts';
import type { EnabledIntegrationValues } from '../integrations/server-env.ts';

const DEFAULT_PORTS: Record<string, number> = {
  'http:': 80,
  'https:': 443,
  'postgres:': 5432,
  'postgresql:': 5432,
};

function fromUrl(value: string): string | null {
  try {
    const url = new URL(value);
    const port = url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol];
    if (!url.hostname || !port) return null;
    return `${url.hostname.toLowerCase()}:${port}`;
  } catch {
    return null;
  }
}

/**
 * The `host:port` each enabled integration's server connects to (its database, SMTP host, S3
 * endpoint…), from the fields providers.ts marks as endpoints. With
 * KILN_ALLOW_PRIVATE_INTEGRATIONS an app server may reach exactly these on a private address,
 * as the connection test may (decision 0054); every other private address stays refused.
 */
export function integrationEndpoints(enabled: readonly EnabledIntegrationValues[]): string[] {
  const endpoints = new Set<string>();
  for (const { providerId, values } of enabled) {
    for (const field of findProvider(providerId)?.fields ?? []) {
      const value = values[field.name];
      if (typeof value !== 'string' || value === '') continue;
      if (field.endpoint === 'url' || field.endpoint === 'postgres') {
        const endpoint = fromUrl(value);
        if (endpoint) endpoints.add(endpoint);
      } else if (field.endpoint === 'host') {
        const port = Number(values.port);
        if (Number.isInteger(port) && port > 0) endpoints.add(`${value.toLowerCase()}:${port}`);
      }
    }
  }
  return [...endpoints];
}
