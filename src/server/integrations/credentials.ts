import type { StoredCredentials } from '../../core/integrations/index.ts';
import type { Config } from '../config.ts';
import { createSecretBox, type SecretBox } from '../crypto/secret-box.ts';

/** The one sealing key of integrations' credentials (purpose 'integration-credentials'). */
export function integrationCredentialsBox(deps: { config: Config; secret: string }): SecretBox {
  return createSecretBox({
    secret: deps.secret,
    previous: deps.config.previousSecrets,
    purpose: 'integration-credentials',
  });
}

/** The provider and values of a sealed row, or null when the keys no longer open (KILN_SECRET changed). */
export function openCredentials(box: SecretBox, sealed: string | null): StoredCredentials | null {
  try {
    return JSON.parse(box.open(sealed ?? '')) as StoredCredentials;
  } catch {
    return null;
  }
}
