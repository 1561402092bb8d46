/**
 * The plan catalogue: every limit the spec leaves open (§9 "values not shown") is chosen here,
 * once, and documented in docs/decisions/0005-plan-limits.md. Server checks and web hints both
 * read these numbers, so the UI never promises what the server refuses.
 */
export type PlanId = 'free' | 'premium';

export interface Plan {
  id: PlanId;
  name: string;
  /** Maximum prompt length in characters (spec §5 "free and paid limits"). */
  promptMaxChars: number;
  /**
   * Versions allowed per quota window (free: calendar month; premium: billing interval).
   * The spec counts messages and shows "message limit ÷ 2" versions; we store versions and
   * derive the message limit, so the displayed number is always a whole version count.
   */
  versionsPerWindow: number;
  /** Maximum versions in one component before 'more-than-x-versions' (remix instead). */
  maxVersionsPerComponent: number;
  /** Maximum attachments per prompt ('Maximum {n} files allowed'). */
  maxAttachments: number;
  /** Maximum size of one image attachment, in bytes. */
  maxImageBytes: number;
  /** Maximum size of one PDF attachment, in bytes. */
  maxPdfBytes: number;
  /** 'Fix the following error: ' + the error text truncated to this many characters. */
  errorTruncationChars: number;
  /** Image uploads are a premium feature (spec §6); PDFs are allowed on every plan. */
  canUploadImages: boolean;
  /** Rounds Kiln may spend repairing a failed build (issue 33 item 4); the server's KILN_AUTOFIX_ROUNDS caps it. */
  maxAutofixRounds: number;
}

const MB = 1024 * 1024;

export const PLANS: Readonly<Record<PlanId, Plan>> = {
  free: {
    id: 'free',
    name: 'Free',
    promptMaxChars: 2_000,
    versionsPerWindow: 20,
    maxVersionsPerComponent: 30,
    maxAttachments: 3,
    maxImageBytes: 5 * MB,
    maxPdfBytes: 10 * MB,
    errorTruncationChars: 1_500,
    canUploadImages: false,
    maxAutofixRounds: 2,
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    promptMaxChars: 10_000,
    versionsPerWindow: 300,
    maxVersionsPerComponent: 100,
    maxAttachments: 5,
    maxImageBytes: 5 * MB,
    maxPdfBytes: 20 * MB,
    errorTruncationChars: 6_000,
    canUploadImages: true,
    maxAutofixRounds: 3,
  },
};

/** Price of one extra version, in US cents (spec §9: '$1 each'). */
export const EXTRA_VERSION_PRICE_CENTS = 100;

/** The message limit of a window: one version is a user message plus an assistant message. */
export function messageLimit(plan: Plan): number {
  return plan.versionsPerWindow * 2;
}

/** Spec §9: the version limit shown to people is the message limit ÷ 2. */
export function displayedVersionLimit(messageLimitCount: number): number {
  return Math.floor(messageLimitCount / 2);
}
