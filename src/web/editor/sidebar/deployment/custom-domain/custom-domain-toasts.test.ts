import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api.ts';
import {
  addDomainFailureToast,
  sslStatusLabel,
  sslStatusToast,
  SUCCESS_TOAST_MS,
  verifyFailureToast,
} from './custom-domain-toasts.ts';

describe('custom domain toasts (spec §8, §5, §9)', () => {
  it("says 'Domain unavailable' with the server's reason, else 'This domain cannot be used'", () => {
    expect(
      addDomainFailureToast(
        new ApiError(
          409,
          'domain-unavailable',
          'shop.example.com is used by another project.',
          'Domain unavailable',
        ),
      ),
    ).toEqual({ title: 'Domain unavailable', description: 'shop.example.com is used by another project.' });
    expect(
      addDomainFailureToast(
        new ApiError(409, 'domain-unavailable', 'This domain cannot be used', 'Domain unavailable'),
      ),
    ).toEqual({ title: 'Domain unavailable', description: 'This domain cannot be used' });
  });

  it("falls back to 'Failed to add domain'", () => {
    expect(addDomainFailureToast(new ApiError(500, null, 'Internal Server Error'))).toEqual({
      title: 'Failed to add domain',
      description: 'Internal Server Error',
    });
    expect(addDomainFailureToast(new TypeError('Failed to fetch')).title).toBe('Failed to add domain');
  });

  it("shows the server's verification error and warning, else 'Failed to verify domain'", () => {
    expect(
      verifyFailureToast({
        error: 'No TXT record found at _kiln-verify.shop.example.com.',
        warning: 'The CNAME points to elsewhere.example.net.',
      }),
    ).toEqual({
      title: 'Verification failed',
      description:
        'No TXT record found at _kiln-verify.shop.example.com. The CNAME points to elsewhere.example.net.',
    });
    expect(verifyFailureToast({ error: null, warning: null })).toEqual({
      title: 'Verification failed',
      description: 'Failed to verify domain',
    });
    expect(verifyFailureToast(new ApiError(502, null, 'Bad Gateway')).description).toBe('Bad Gateway');
  });

  it("says 'SSL Certificate Active' for 5 s, or 'Still Pending' with the 2-5 minutes", () => {
    expect(sslStatusToast('active')).toMatchObject({
      title: 'SSL Certificate Active',
      description: 'Your domain is now secured with HTTPS!',
      duration: SUCCESS_TOAST_MS,
    });
    expect(SUCCESS_TOAST_MS).toBe(5000);
    expect(sslStatusToast('pending').title).toBe('Still Pending');
    expect(sslStatusToast('pending').description).toMatch(/usually takes 2-5 minutes\.$/);
    // Before verification: what starts the certificate, with the spec's ending.
    const unverified = sslStatusToast('pending', false);
    expect(unverified.title).toBe('Still Pending');
    expect(unverified.description).toMatch(/once the domain is verified.*usually takes 2-5 minutes\.$/);
  });

  it('labels the SSL status, an unknown one as Pending', () => {
    expect(['pending', 'active', 'expired', 'failed', 'issuing', null].map(sslStatusLabel)).toEqual([
      'Pending',
      'Active',
      'Expired',
      'Failed',
      'Pending',
      'Pending',
    ]);
  });
});
