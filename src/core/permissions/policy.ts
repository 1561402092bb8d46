/**
 * The one permission policy (spec §6). Every route asks it; the web app asks it too, to hide
 * what a viewer may not do. "Authorized user" = the owner (docs/decisions/0006-authorized-user.md).
 */
export interface Viewer {
  /** null for a visitor who is not signed in. */
  userId: string | null;
  /** Subscription status trialing or active (spec §6). */
  isPremium: boolean;
}

export interface ChatAccess {
  userId: string;
  isPrivate: boolean;
}

export const CAPABILITIES = [
  'view',
  'download',
  'share',
  'like',
  'edit',
  'lockFiles',
  'continueGeneration',
  'fixErrors',
  'viewPrivateTabs',
  'modifyCode',
  'deleteVersion',
  'changeVisibility',
  'remix',
  'improvePrompt',
  'uploadImages',
  'deploy',
  'undeploy',
  'updateDeployment',
  'manageCustomDomain',
  'removeCustomDomain',
  'syncCodeHost',
  'manageIntegrations',
  'runMigration',
  'listOnMarketplace',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export type DenialReason = 'not-found' | 'unauthenticated' | 'forbidden' | 'payment-required';

export type Decision = { allowed: true } | { allowed: false; reason: DenialReason; message: string };

/** HTTP status for each denial; a private chat answers 404 so its existence does not leak. */
export const DENIAL_STATUS: Record<DenialReason, 401 | 402 | 403 | 404> = {
  'not-found': 404,
  unauthenticated: 401,
  forbidden: 403,
  'payment-required': 402,
};

const ALLOWED: Decision = { allowed: true };
const deny = (reason: DenialReason, message: string): Decision => ({ allowed: false, reason, message });

const NOT_FOUND = deny('not-found', 'Component not found');
const SIGN_IN = deny('unauthenticated', 'Please sign in to continue.');
const NOT_AUTHORIZED = deny('forbidden', 'You do not have permission to edit this component.');

/** Texts of spec §6 and §8 for the denials that have one. */
const OWNER_ONLY: Partial<Record<Capability, string>> = {
  listOnMarketplace: 'Only the owner can list this component on the marketplace.',
  deploy: 'Only the owner can deploy this application.',
  undeploy: 'Only the owner can undeploy this application.',
  updateDeployment: 'Only the owner can update the subdomain.',
};
const PREMIUM_MESSAGES: Partial<Record<Capability, string>> = {
  deploy: 'Deployment is a premium feature. Upgrade to deploy your applications.',
  updateDeployment: 'Deployment is a premium feature. Upgrade to deploy your applications.',
  undeploy: 'Deployment is a premium feature. Upgrade to deploy your applications.',
  changeVisibility: 'You are not premium, the visibility cannot be changed...',
  remix: 'Only subscribers can remix projects...',
  deleteVersion: "You are not premium, you can't delete a version...",
  uploadImages: "You can't upload images with a free plan",
};
const PREMIUM_DEFAULT = 'This is a premium feature. Please upgrade to continue.';

type Rule = {
  needs: 'viewer' | 'signedIn' | 'authorized' | 'owner';
  premium?: boolean;
  publicOnly?: boolean;
};

const RULES: Record<Capability, Rule> = {
  view: { needs: 'viewer' },
  download: { needs: 'viewer' },
  share: { needs: 'viewer', publicOnly: true },
  like: { needs: 'signedIn' },
  edit: { needs: 'authorized' },
  lockFiles: { needs: 'authorized' },
  continueGeneration: { needs: 'authorized' },
  fixErrors: { needs: 'authorized' },
  viewPrivateTabs: { needs: 'authorized' },
  modifyCode: { needs: 'authorized' },
  deleteVersion: { needs: 'authorized', premium: true },
  changeVisibility: { needs: 'owner', premium: true },
  remix: { needs: 'signedIn', premium: true },
  improvePrompt: { needs: 'authorized', premium: true },
  uploadImages: { needs: 'authorized', premium: true },
  deploy: { needs: 'owner', premium: true },
  undeploy: { needs: 'owner', premium: true },
  updateDeployment: { needs: 'owner', premium: true },
  manageCustomDomain: { needs: 'owner', premium: true },
  removeCustomDomain: { needs: 'owner', premium: true },
  syncCodeHost: { needs: 'authorized', premium: true },
  manageIntegrations: { needs: 'authorized', premium: true },
  runMigration: { needs: 'authorized', premium: true },
  // Spec §1 marketplace: the owner lists; the listing rules (private, finished version) are core/marketplace.
  listOnMarketplace: { needs: 'owner' },
};

export function isOwner(viewer: Viewer, chat: ChatAccess): boolean {
  return viewer.userId !== null && viewer.userId === chat.userId;
}

/** Authorized = has edit rights on the chat; today exactly the owner (decision 0006). */
export function isAuthorized(viewer: Viewer, chat: ChatAccess): boolean {
  return isOwner(viewer, chat);
}

export function decide(capability: Capability, viewer: Viewer, chat: ChatAccess): Decision {
  const owner = isOwner(viewer, chat);
  // A private chat does not exist for anyone but its owner.
  if (chat.isPrivate && !owner) return NOT_FOUND;

  const rule = RULES[capability];
  if (rule.publicOnly && chat.isPrivate) return deny('forbidden', 'Only public components can be shared.');
  if (rule.needs !== 'viewer' && viewer.userId === null) {
    return capability === 'like' ? deny('unauthenticated', 'Please login to like a component') : SIGN_IN;
  }
  if (rule.needs === 'authorized' && !isAuthorized(viewer, chat)) return NOT_AUTHORIZED;
  if (rule.needs === 'owner' && !owner) {
    return deny('forbidden', OWNER_ONLY[capability] ?? 'Only the owner can do this.');
  }
  if (rule.premium && !viewer.isPremium) {
    return deny('payment-required', PREMIUM_MESSAGES[capability] ?? PREMIUM_DEFAULT);
  }
  return ALLOWED;
}

/**
 * What a free user who may otherwise take this action is told before it (issue 35 item 3): the
 * spec's payment-required text, or null when premium is not what is missing.
 */
export function premiumUpsell(capability: Capability, viewer: Viewer, chat: ChatAccess): string | null {
  if (viewer.isPremium || !RULES[capability].premium) return null;
  const asPremium = decide(capability, { ...viewer, isPremium: true }, chat);
  return asPremium.allowed ? (PREMIUM_MESSAGES[capability] ?? PREMIUM_DEFAULT) : null;
}

export function can(capability: Capability, viewer: Viewer, chat: ChatAccess): boolean {
  return decide(capability, viewer, chat).allowed;
}

/** Spec §2/§9: 'Delete Version' only when the chat has more than 2 messages. */
export function canDeleteVersionOf(messageCount: number): boolean {
  return messageCount > 2;
}
