import { describe, expect, it } from 'vitest';
import { deployButtonState, type DeployButtonInput } from './deploy-button-state.ts';

const owner: DeployButtonInput = {
  isOwner: true,
  isPremium: true,
  isPending: false,
  build: 'ready',
  action: 'deploy',
};

describe("the Deployment tab's primary button (spec §2)", () => {
  it("is 'Deploy' for a premium owner whose chosen version is built", () => {
    expect(deployButtonState(owner)).toEqual({ label: 'Deploy', disabled: false, isBusy: false });
    expect(deployButtonState({ ...owner, build: 'unknown' }).label).toBe('Deploy');
  });

  it("is 'Building Application...' while the deploy runs or the chosen version is being built", () => {
    expect(deployButtonState({ ...owner, isPending: true })).toEqual({
      label: 'Building Application...',
      disabled: true,
      isBusy: true,
    });
    expect(deployButtonState({ ...owner, build: 'building' }).label).toBe('Building Application...');
    expect(deployButtonState({ ...owner, action: 'update', build: 'building' }).label).toBe(
      'Building Application...',
    );
  });

  it("is 'Premium Required' (pressable, to say why) for an owner without premium", () => {
    expect(deployButtonState({ ...owner, isPremium: false })).toEqual({
      label: 'Premium Required',
      disabled: false,
      isBusy: false,
    });
  });

  it('is disabled for a non-owner (View Only)', () => {
    expect(deployButtonState({ ...owner, isOwner: false, isPremium: false }).disabled).toBe(true);
  });

  it("says 'Update Deployment' once deployed", () => {
    expect(deployButtonState({ ...owner, action: 'update' }).label).toBe('Update Deployment');
    expect(deployButtonState({ ...owner, action: 'update', isPending: true }).label).toBe(
      'Updating Deployment...',
    );
  });
});
