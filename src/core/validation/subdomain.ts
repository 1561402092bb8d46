/** Spec §5 "Subdomain", §9 'Subdomain length 3–63'. */
import { ERRORS, invalid, valid, type Validation } from '../errors.ts';
import { isHostReadAsItIs } from './custom-domain.ts';

export const SUBDOMAIN_MIN_CHARS = 3;
export const SUBDOMAIN_MAX_CHARS = 63;

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Spec §5: 'Input is lowercased and other characters are stripped.' (as the user types) */
export function normalizeSubdomainInput(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

export function isValidSubdomain(subdomain: string): boolean {
  return (
    subdomain.length >= SUBDOMAIN_MIN_CHARS &&
    subdomain.length <= SUBDOMAIN_MAX_CHARS &&
    SUBDOMAIN.test(subdomain) &&
    // `xn--0a` is no valid punycode: its address would not parse (issue 21 fuzzing).
    isHostReadAsItIs(`${subdomain}.kiln.test`)
  );
}

/**
 * The spec has three messages for one rule: on Check, before deploying, and on update.
 * The value is validated as given (normalise it first with normalizeSubdomainInput).
 */
export function validateSubdomain(
  subdomain: string,
  when: 'check' | 'deploy' | 'update' = 'check',
): Validation<string> {
  if (isValidSubdomain(subdomain)) return valid(subdomain);
  if (when === 'deploy') return invalid(ERRORS.invalidSubdomainBeforeDeploy);
  if (when === 'update') return invalid(ERRORS.invalidSubdomainOnUpdate);
  return invalid(ERRORS.invalidSubdomain);
}

/** Spec §5: 'Deploy needs a selected version'. */
export function validateDeploySelection(version: number | null | undefined): Validation<number> {
  return version == null || !Number.isInteger(version) ? invalid(ERRORS.noVersionSelected) : valid(version);
}

/** Spec §5: 'Update with neither subdomain nor version changed: 'No changes''. */
export function validateDeploymentUpdate(
  current: { subdomain: string; version: number },
  next: { subdomain: string; version: number },
): Validation<{ subdomain: string; version: number }> {
  if (current.subdomain === next.subdomain && current.version === next.version)
    return invalid(ERRORS.noChanges);
  return validateSubdomain(next.subdomain, 'update').ok
    ? valid(next)
    : invalid(ERRORS.invalidSubdomainOnUpdate);
}
