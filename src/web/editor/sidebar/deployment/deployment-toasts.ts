import { ApiError } from '../../../lib/api.ts';

/** A toast's text: the spec's title and its description. */
export interface ToastText {
  title: string;
  description?: string;
}

/** Spec §8 'payment-required on deploy'. */
export const PREMIUM_REQUIRED: ToastText = {
  title: 'Premium required',
  description: 'Deployment is a premium feature. Upgrade to deploy your applications.',
};

export type DeploymentAction = 'deploy' | 'update' | 'undeploy';

/** Spec §8 'Failures → 'Deployment failed' / 'Failed to undeploy' / 'Failed to update deployment''. */
const FAILURE_TITLES: Record<DeploymentAction, string> = {
  deploy: 'Deployment failed',
  update: 'Failed to update deployment',
  undeploy: 'Failed to undeploy',
};

/**
 * The toast for a failed deploy, update or undeploy: the premium message for a 402, the
 * server's own title where it sent one ('Subdomain unavailable', 'Invalid subdomain', 'No
 * changes'…), else the spec's failure title; the description is always the server's message.
 */
export function deploymentFailureToast(action: DeploymentAction, error: unknown): ToastText {
  if (error instanceof ApiError) {
    if (error.status === 402) return PREMIUM_REQUIRED;
    if (error.code === 'subdomain-unavailable') {
      return { title: error.title ?? 'Subdomain unavailable', description: error.message };
    }
    return { title: error.title ?? FAILURE_TITLES[action], description: error.message };
  }
  return {
    title: FAILURE_TITLES[action],
    description: error instanceof Error && error.message ? error.message : undefined,
  };
}
