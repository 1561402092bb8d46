import { describe, expect, it } from 'vitest';
import { reservedSubdomainReason } from './reserved-subdomains.ts';

describe('reserved subdomains', () => {
  it("keeps Kiln's own names and trusted names from deployments", () => {
    for (const name of ['www', 'api', 'app', 'admin', 'preview', 'webcontainer', 'mail', 'static']) {
      expect(reservedSubdomainReason(name)).toBe(`'${name}' is reserved.`);
    }
  });

  it('reserves the first label of a preview host under KILN_HOST', () => {
    expect(reservedSubdomainReason('sandbox-host')).toBeNull();
    expect(reservedSubdomainReason('sandbox-host', ['sandbox-host'])).toMatch(/reserved/);
  });
});
