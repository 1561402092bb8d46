/**
 * KILN_RATE_LIMITS (issue 21 item 2): how often a person may do each costly or guessable thing.
 *
 *   `generation=20/1m,generation@ip=60/1m,sign-in=10/1m,sign-in@account=20/1h,like=off`
 *
 * A window is `max/duration` (duration: a whole number of s, m, h or d). An action done by a
 * signed-in person is counted per user (`name`) and per client address (`name@ip`); sign-in,
 * sign-up, the rest of `/api/auth` and the TLS ask endpoint per address; failed sign-ins also
 * per account (`sign-in@account`: the e-mail address asked for, whatever the client's address;
 * server/limits/sign-in-account.ts). `*=max/duration` sets every window at once (later entries
 * win). Caps are plain counts: generations one user runs at once, builds one user may have
 * waiting. `off` turns one limit off; the whole value `off` turns every limit off (tests and
 * trusted private installs).
 */

/** Actions a signed-in person does: counted per user and per address. */
export const USER_ACTIONS = ['generation', 'chat-create', 'remix', 'like', 'clone', 'build'] as const;
/** Actions counted per address only (no user yet, or a caller with no session). */
export const ADDRESS_ACTIONS = ['sign-in', 'sign-up', 'auth', 'tls-ask'] as const;
/** Actions whose failures are also counted per account (the e-mail address asked for). */
export const ACCOUNT_ACTIONS = ['sign-in'] as const;
/** Counts of things at once, per user. */
export const CAPS = ['generation-running', 'build-queue'] as const;

export type UserAction = (typeof USER_ACTIONS)[number];
export type AddressAction = (typeof ADDRESS_ACTIONS)[number];
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
export type LimitedAction = UserAction | AddressAction;
export type Cap = (typeof CAPS)[number];

/** At most `max` requests per `windowMs`. */
export interface RateRule {
  max: number;
  windowMs: number;
}

export interface RateLimits {
  /** Per user; null = unlimited. */
  user: Record<UserAction, RateRule | null>;
  /** Per client address; null = unlimited. */
  address: Record<LimitedAction, RateRule | null>;
  /** Failures per account, whatever the address; null = unlimited. */
  account: Record<AccountAction, RateRule | null>;
  /** null = unlimited. */
  caps: Record<Cap, number | null>;
}

const MINUTE = 60_000;
const rule = (max: number, minutes: number): RateRule => ({ max, windowMs: minutes * MINUTE });

/**
 * Generous for a person at a keyboard (a chat every two seconds for a minute, a password typed
 * wrong ten times), far below what a script does; per address a few times higher for shared
 * networks. Per account, 20 wrong passwords an hour from anywhere: a person who forgot theirs
 * tries a handful, while guesses spread over many addresses are held to 480 a day (docs/security.md,
 * promise 15, says why a lock does not shut the owner out). README lists them.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  user: {
    generation: rule(20, 1),
    'chat-create': rule(30, 1),
    remix: rule(20, 1),
    like: rule(60, 1),
    clone: rule(10, 1),
    build: rule(30, 1),
  },
  address: {
    generation: rule(60, 1),
    'chat-create': rule(100, 1),
    remix: rule(60, 1),
    like: rule(200, 1),
    clone: rule(30, 1),
    build: rule(100, 1),
    'sign-in': rule(10, 1),
    'sign-up': rule(10, 10),
    auth: rule(200, 1),
    'tls-ask': rule(300, 1),
  },
  account: { 'sign-in': rule(20, 60) },
  caps: { 'generation-running': 3, 'build-queue': 5 },
};

export const NO_RATE_LIMITS: RateLimits = {
  user: mapValues(DEFAULT_RATE_LIMITS.user, () => null),
  address: mapValues(DEFAULT_RATE_LIMITS.address, () => null),
  account: mapValues(DEFAULT_RATE_LIMITS.account, () => null),
  caps: mapValues(DEFAULT_RATE_LIMITS.caps, () => null),
};

export type RateLimitsParse = { ok: true; limits: RateLimits } | { ok: false; message: string };

const UNIT_MS: Record<string, number> = { s: 1000, m: MINUTE, h: 60 * MINUTE, d: 24 * 60 * MINUTE };
const WINDOW_PATTERN = /^([1-9]\d{0,8})\/([1-9]\d{0,5})([smhd])$/;
const CAP_PATTERN = /^[1-9]\d{0,5}$/;
/** Longer windows would outlive any reason to keep a counter. */
const MAX_WINDOW_MS = 31 * UNIT_MS.d!;

/** Parses KILN_RATE_LIMITS over the defaults; unset or empty keeps them. */
export function parseRateLimits(value: string | undefined): RateLimitsParse {
  const text = (value ?? '').trim();
  if (text === '') return { ok: true, limits: DEFAULT_RATE_LIMITS };
  if (text === 'off') return { ok: true, limits: NO_RATE_LIMITS };
  const limits: RateLimits = {
    user: { ...DEFAULT_RATE_LIMITS.user },
    address: { ...DEFAULT_RATE_LIMITS.address },
    account: { ...DEFAULT_RATE_LIMITS.account },
    caps: { ...DEFAULT_RATE_LIMITS.caps },
  };
  for (const entry of text.split(',')) {
    const [rawName, rawValue, ...rest] = entry.split('=');
    const name = rawName?.trim() ?? '';
    const setting = rawValue?.trim() ?? '';
    if (entry.trim() === '') continue;
    if (rest.length > 0 || rawValue === undefined) return fail(`"${entry.trim()}" is not name=value`);
    const refused = apply(limits, name, setting);
    if (refused) return fail(refused);
  }
  return { ok: true, limits };
}

function apply(limits: RateLimits, name: string, setting: string): string | null {
  if ((CAPS as readonly string[]).includes(name)) {
    if (setting !== 'off' && !CAP_PATTERN.test(setting)) return `${name}: a count (e.g. 3) or off`;
    limits.caps[name as Cap] = setting === 'off' ? null : Number(setting);
    return null;
  }
  const window = parseWindow(setting);
  if (window === undefined) return `${name}: max/duration (e.g. 20/1m; s, m, h or d) or off`;
  if (window && window.windowMs > MAX_WINDOW_MS) return `${name}: a window of at most 31d`;
  if (name === '*') {
    for (const action of USER_ACTIONS) limits.user[action] = window;
    for (const action of Object.keys(limits.address)) limits.address[action as LimitedAction] = window;
    for (const action of ACCOUNT_ACTIONS) limits.account[action] = window;
    return null;
  }
  const [action, scope] = name.split('@');
  if (scope === 'account') {
    if (!isAccountAction(action)) {
      return `"${name}": only ${ACCOUNT_ACTIONS.map((known) => `${known}@account`).join(', ')} is counted per account`;
    }
    limits.account[action] = window;
    return null;
  }
  if (scope !== undefined) {
    if (scope !== 'ip' || !isUserAction(action)) {
      return `"${name}": only ${USER_ACTIONS.map((known) => `${known}@ip`).join(', ')} have an address limit of their own`;
    }
    limits.address[action] = window;
    return null;
  }
  if (isUserAction(action)) limits.user[action] = window;
  else if ((ADDRESS_ACTIONS as readonly string[]).includes(action ?? '')) {
    limits.address[action as AddressAction] = window;
  } else {
    const known = [...USER_ACTIONS, ...ADDRESS_ACTIONS, ...CAPS].join(', ');
    return `"${name}" is not a limit (${known}, name@ip, or sign-in@account)`;
  }
  return null;
}

/** `20/1m` → the rule; `off` → null; anything else → undefined. */
function parseWindow(setting: string): RateRule | null | undefined {
  if (setting === 'off') return null;
  const match = WINDOW_PATTERN.exec(setting);
  if (!match) return undefined;
  return { max: Number(match[1]), windowMs: Number(match[2]) * UNIT_MS[match[3]!]! };
}

function isUserAction(name: string | undefined): name is UserAction {
  return (USER_ACTIONS as readonly string[]).includes(name ?? '');
}

function isAccountAction(name: string | undefined): name is AccountAction {
  return (ACCOUNT_ACTIONS as readonly string[]).includes(name ?? '');
}

function fail(message: string): RateLimitsParse {
  return { ok: false, message };
}

function mapValues<K extends string, V, W>(record: Record<K, V>, map: (value: V) => W): Record<K, W> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value as V)])) as Record<
    K,
    W
  >;
}
