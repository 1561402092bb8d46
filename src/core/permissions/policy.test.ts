import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  type Capability,
  DENIAL_STATUS,
  canDeleteVersionOf,
  decide,
  premiumUpsell,
  type Viewer,
} from './policy.ts';

const OWNER = 'owner-1';
const ROLES: Record<string, Viewer> = {
  visitor: { userId: null, isPremium: false },
  other: { userId: 'other-1', isPremium: false },
  otherPremium: { userId: 'other-2', isPremium: true },
  ownerFree: { userId: OWNER, isPremium: false },
  ownerPremium: { userId: OWNER, isPremium: true },
};
const ROLE_ORDER = ['visitor', 'other', 'otherPremium', 'ownerFree', 'ownerPremium'] as const;

/**
 * Spec §6, written out by hand for a PUBLIC chat: ok = allowed, else the HTTP status of the denial.
 * Columns: visitor, logged-in non-owner (free), non-owner premium, owner free, owner premium.
 */
const PUBLIC_MATRIX: Record<Capability, string> = {
  view: 'ok ok ok ok ok',
  download: 'ok ok ok ok ok',
  share: 'ok ok ok ok ok',
  like: '401 ok ok ok ok',
  edit: '401 403 403 ok ok',
  lockFiles: '401 403 403 ok ok',
  continueGeneration: '401 403 403 ok ok',
  fixErrors: '401 403 403 ok ok',
  viewPrivateTabs: '401 403 403 ok ok',
  modifyCode: '401 403 403 ok ok',
  deleteVersion: '401 403 403 402 ok',
  changeVisibility: '401 403 403 402 ok',
  remix: '401 402 ok 402 ok',
  improvePrompt: '401 403 403 402 ok',
  uploadImages: '401 403 403 402 ok',
  deploy: '401 403 403 402 ok',
  undeploy: '401 403 403 402 ok',
  updateDeployment: '401 403 403 402 ok',
  manageCustomDomain: '401 403 403 402 ok',
  removeCustomDomain: '401 403 403 402 ok',
  syncCodeHost: '401 403 403 402 ok',
  manageIntegrations: '401 403 403 402 ok',
  runMigration: '401 403 403 402 ok',
  listOnMarketplace: '401 403 403 ok ok',
};

function outcome(capability: Capability, viewer: Viewer, isPrivate: boolean): string {
  const decision = decide(capability, viewer, { userId: OWNER, isPrivate });
  return decision.allowed ? 'ok' : String(DENIAL_STATUS[decision.reason]);
}

describe('spec §6 roles and permissions: every capability × role', () => {
  it('the matrix covers every capability', () => {
    expect(Object.keys(PUBLIC_MATRIX).sort()).toEqual([...CAPABILITIES].sort());
  });

  for (const capability of CAPABILITIES) {
    it(`public chat: ${capability}`, () => {
      const row = ROLE_ORDER.map((role) => outcome(capability, ROLES[role]!, false)).join(' ');
      expect(row).toBe(PUBLIC_MATRIX[capability]);
    });

    it(`private chat: ${capability} is 404 for everyone but the owner`, () => {
      const expected = PUBLIC_MATRIX[capability].split(' ');
      // The owner keeps every right except sharing, which needs a public component.
      expected[3] = capability === 'share' ? '403' : expected[3]!;
      expected[4] = capability === 'share' ? '403' : expected[4]!;
      expected[0] = expected[1] = expected[2] = '404';
      const row = ROLE_ORDER.map((role) => outcome(capability, ROLES[role]!, true)).join(' ');
      expect(row).toBe(expected.join(' '));
    });
  }
});

describe('spec §6/§8 denial texts', () => {
  const chat = { userId: OWNER, isPrivate: false };
  const message = (capability: Capability, viewer: Viewer) => {
    const decision = decide(capability, viewer, chat);
    return decision.allowed ? null : decision.message;
  };

  it('visitors are asked to log in to like', () => {
    expect(message('like', ROLES.visitor!)).toBe('Please login to like a component');
  });
  it('owner-only deployment messages', () => {
    expect(message('deploy', ROLES.otherPremium!)).toBe('Only the owner can deploy this application.');
    expect(message('undeploy', ROLES.otherPremium!)).toBe('Only the owner can undeploy this application.');
    expect(message('updateDeployment', ROLES.otherPremium!)).toBe('Only the owner can update the subdomain.');
  });
  it('premium messages', () => {
    expect(message('remix', ROLES.other!)).toBe('Only subscribers can remix projects...');
    expect(message('deploy', ROLES.ownerFree!)).toBe(
      'Deployment is a premium feature. Upgrade to deploy your applications.',
    );
    expect(message('changeVisibility', ROLES.ownerFree!)).toBe(
      'You are not premium, the visibility cannot be changed...',
    );
    expect(message('deleteVersion', ROLES.ownerFree!)).toBe(
      "You are not premium, you can't delete a version...",
    );
    expect(message('uploadImages', ROLES.ownerFree!)).toBe("You can't upload images with a free plan");
  });
});

describe("spec §9 'Version delete only when the chat has more than 2 messages'", () => {
  it('needs more than 2 messages', () => {
    expect(canDeleteVersionOf(2)).toBe(false);
    expect(canDeleteVersionOf(3)).toBe(true);
    expect(canDeleteVersionOf(4)).toBe(true);
  });
});

describe('issue 35 item 3: the upsell shown before a premium action', () => {
  it('is offered exactly where premium is all that is missing (every 402 of the matrix)', () => {
    for (const capability of CAPABILITIES) {
      const row = ROLE_ORDER.map((role) => {
        const upsell = premiumUpsell(capability, ROLES[role]!, { userId: OWNER, isPrivate: false });
        return upsell === null ? '-' : '402';
      });
      const expected = PUBLIC_MATRIX[capability].split(' ').map((cell) => (cell === '402' ? '402' : '-'));
      expect(`${capability}: ${row.join(' ')}`).toBe(`${capability}: ${expected.join(' ')}`);
    }
  });

  it("says the spec's payment-required text", () => {
    const chat = { userId: OWNER, isPrivate: false };
    expect(premiumUpsell('deleteVersion', ROLES.ownerFree!, chat)).toBe(
      "You are not premium, you can't delete a version...",
    );
    expect(premiumUpsell('improvePrompt', ROLES.ownerFree!, chat)).toBe(
      'This is a premium feature. Please upgrade to continue.',
    );
    expect(premiumUpsell('remix', ROLES.other!, chat)).toBe('Only subscribers can remix projects...');
  });
});
