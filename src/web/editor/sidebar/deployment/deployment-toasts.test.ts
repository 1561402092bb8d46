import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { deploymentFailureToast, PREMIUM_REQUIRED } from './deployment-toasts.ts';

describe('deployment failure toasts (spec §8 "Deployment and visibility")', () => {
  it('says a 402 is the premium feature, whatever the action', () => {
    const error = new ApiError(402, 'payment-required', 'Deployment is a premium feature.');
    expect(deploymentFailureToast('deploy', error)).toEqual(PREMIUM_REQUIRED);
    expect(deploymentFailureToast('undeploy', error)).toEqual({
      title: 'Premium required',
      description: 'Deployment is a premium feature. Upgrade to deploy your applications.',
    });
  });

  it("names a taken subdomain 'Subdomain unavailable' with the server's reason", () => {
    const error = new ApiError(409, 'subdomain-unavailable', "'shop' is already taken.");
    expect(deploymentFailureToast('update', error)).toEqual({
      title: 'Subdomain unavailable',
      description: "'shop' is already taken.",
    });
  });

  it("uses the server's title and message when it sent them", () => {
    const error = new ApiError(400, 'no-changes', 'No changes detected.', 'No changes');
    expect(deploymentFailureToast('update', error)).toEqual({
      title: 'No changes',
      description: 'No changes detected.',
    });
  });

  it("falls back to the spec's failure title for each action", () => {
    const error = new ApiError(403, 'forbidden', 'Only the owner can undeploy this application.');
    expect(deploymentFailureToast('deploy', error).title).toBe('Deployment failed');
    expect(deploymentFailureToast('update', error).title).toBe('Failed to update deployment');
    expect(deploymentFailureToast('undeploy', error)).toEqual({
      title: 'Failed to undeploy',
      description: 'Only the owner can undeploy this application.',
    });
    expect(deploymentFailureToast('deploy', new TypeError('Failed to fetch'))).toEqual({
      title: 'Deployment failed',
      description: 'Failed to fetch',
    });
  });
});
