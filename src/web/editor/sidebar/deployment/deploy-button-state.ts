/** Where the chosen version's preview build stands (a deployment serves the built output). */
export type ChosenBuild = 'ready' | 'building' | 'error' | 'unknown';

export interface DeployButtonInput {
  isOwner: boolean;
  isPremium: boolean;
  /** The deploy (or update) request is running; the server waits for the build. */
  isPending: boolean;
  build: ChosenBuild;
  /** 'Deploy' before the first deployment, 'Update Deployment' after it. */
  action: 'deploy' | 'update';
}

export interface DeployButtonState {
  label: string;
  disabled: boolean;
  isBusy: boolean;
}

/**
 * Spec §2 "Deployment tab": the primary button is 'Deploy', 'Building Application...' until the
 * preview of the chosen version is built, 'Premium Required' when not premium. A non-owner sees
 * it disabled ('View Only'); 'Premium Required' stays pressable to say why (spec §8's toast).
 */
export function deployButtonState(input: DeployButtonInput): DeployButtonState {
  const idle = input.action === 'deploy' ? 'Deploy' : 'Update Deployment';
  if (!input.isOwner) return { label: idle, disabled: true, isBusy: false };
  if (!input.isPremium) return { label: 'Premium Required', disabled: false, isBusy: false };
  if (input.isPending && input.action === 'update' && input.build === 'ready') {
    return { label: 'Updating Deployment...', disabled: true, isBusy: true };
  }
  if (input.isPending || input.build === 'building') {
    return { label: 'Building Application...', disabled: true, isBusy: true };
  }
  return { label: idle, disabled: false, isBusy: false };
}
