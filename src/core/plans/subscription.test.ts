import { describe, expect, it } from 'vitest';
import { displayedVersionLimit, messageLimit, PLANS } from './catalogue.ts';
import { isPremiumStatus, planForStatus } from './subscription.ts';

describe('spec §6 premium subscriber = subscription status trialing or active', () => {
  it.each([
    ['trialing', true],
    ['active', true],
    ['canceled', false],
    ['past_due', false],
    ['unpaid', false],
    [null, false],
    [undefined, false],
  ])('%s → premium %s', (status, expected) => {
    expect(isPremiumStatus(status)).toBe(expected);
    expect(planForStatus(status).id).toBe(expected ? 'premium' : 'free');
  });
});

describe('spec §9 version limit shown as message limit ÷ 2', () => {
  it('each plan shows its version count', () => {
    expect(displayedVersionLimit(messageLimit(PLANS.free))).toBe(PLANS.free.versionsPerWindow);
    expect(displayedVersionLimit(41)).toBe(20);
  });
  it('premium is strictly more generous than free', () => {
    expect(PLANS.premium.promptMaxChars).toBeGreaterThan(PLANS.free.promptMaxChars);
    expect(PLANS.premium.versionsPerWindow).toBeGreaterThan(PLANS.free.versionsPerWindow);
    expect(PLANS.free.canUploadImages).toBe(false);
    expect(PLANS.premium.canUploadImages).toBe(true);
  });
});
