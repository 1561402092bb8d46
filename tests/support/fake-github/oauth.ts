/**
 * GitHub's OAuth App flows as GitHub answers them: the device flow (`/login/device/code`, then
 * polling `/login/oauth/access_token`, whose errors come back with status 200) and the web flow
 * (`/login/oauth/authorize` → redirect with a code, exchanged with the client secret).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Accounts } from './accounts.ts';
import { readParams, sendOAuth } from './http-util.ts';

const POLL_GRACE_MS = 200;
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
const ERROR_URI =
  'https://docs.github.com/developers/apps/authorizing-oauth-apps#error-codes-for-the-device-flow';

export interface OAuthOptions {
  clientId: string;
  /** The web flow needs it; without it only the device flow works. */
  clientSecret: string | null;
  webUrl: () => string;
  /** Seconds between polls the device flow asks for (GitHub: 5). */
  deviceInterval: number;
  /** Seconds a device code lives (GitHub: 900). */
  deviceExpiresIn: number;
  /** Whether polling sooner than the interval answers slow_down (else only `slowDownNext` does). */
  enforceInterval: boolean;
}

interface DeviceGrant {
  deviceCode: string;
  userCode: string;
  scope: string;
  interval: number;
  expiresAt: number;
  lastPollAt: number | null;
  state: 'pending' | 'approved' | 'denied' | 'expired' | 'used';
  login: string | null;
  slowDownNext: boolean;
}

interface WebGrant {
  login: string;
  scope: string;
  redirectUri: string;
  expiresAt: number;
}

export class OAuthApp {
  deviceFlowEnabled = true;
  /** The user who approves the web flow's authorize page (null: the user clicks Cancel). */
  webFlowUser: string | null = null;
  private readonly devices = new Map<string, DeviceGrant>();
  private readonly codes = new Map<string, WebGrant>();

  constructor(
    private readonly options: OAuthOptions,
    private readonly accounts: Accounts,
  ) {}

  /** Device codes handed out so far, newest last (a test reads the user code shown to the user). */
  get userCodes(): string[] {
    return [...this.devices.values()].map((grant) => grant.userCode);
  }

  approveDevice(userCode: string, login: string): void {
    if (!this.accounts.user(login)) throw new Error(`no user ${login}`);
    const grant = this.byUserCode(userCode);
    grant.state = 'approved';
    grant.login = login;
  }

  denyDevice(userCode: string): void {
    this.byUserCode(userCode).state = 'denied';
  }

  expireDevice(userCode: string): void {
    this.byUserCode(userCode).expiresAt = 0;
  }

  /** The next poll of this code answers slow_down, whatever the clock says. */
  slowDownNext(userCode: string): void {
    this.byUserCode(userCode).slowDownNext = true;
  }

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === '/login/device/code' && req.method === 'POST') {
      await this.deviceCode(req, res, url);
      return true;
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      await this.accessToken(req, res, url);
      return true;
    }
    if (url.pathname === '/login/oauth/authorize' && req.method === 'GET') {
      this.authorize(res, url);
      return true;
    }
    return false;
  }

  private async deviceCode(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const params = await readParams(req, url);
    if (params.client_id !== this.options.clientId) {
      sendOAuth(req, res, 404, { error: 'Not Found' });
      return;
    }
    if (!this.deviceFlowEnabled) {
      sendOAuth(req, res, 400, {
        error: 'device_flow_disabled',
        error_description: 'Device Flow must be explicitly enabled for this App',
        error_uri: 'https://docs.github.com',
      });
      return;
    }
    const grant: DeviceGrant = {
      deviceCode: randomBytes(20).toString('hex'),
      userCode: userCode(),
      scope: params.scope ?? '',
      interval: this.options.deviceInterval,
      expiresAt: Date.now() + this.options.deviceExpiresIn * 1000,
      lastPollAt: null,
      state: 'pending',
      login: null,
      slowDownNext: false,
    };
    this.devices.set(grant.deviceCode, grant);
    sendOAuth(req, res, 200, {
      device_code: grant.deviceCode,
      user_code: grant.userCode,
      verification_uri: `${this.options.webUrl()}/login/device`,
      expires_in: this.options.deviceExpiresIn,
      interval: grant.interval,
    });
  }

  private async accessToken(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const params = await readParams(req, url);
    if (params.client_id !== this.options.clientId) {
      this.error(
        req,
        res,
        'incorrect_client_credentials',
        'The client_id and/or client_secret passed are incorrect.',
      );
      return;
    }
    if (params.grant_type === DEVICE_GRANT) {
      this.pollDevice(req, res, params.device_code ?? '');
      return;
    }
    if (params.code !== undefined) {
      this.exchangeCode(req, res, params);
      return;
    }
    this.error(req, res, 'unsupported_grant_type', 'The grant type is not supported.');
  }

  private pollDevice(req: IncomingMessage, res: ServerResponse, deviceCode: string): void {
    const grant = this.devices.get(deviceCode);
    if (!grant) {
      this.error(req, res, 'incorrect_device_code', 'The device_code provided is not valid.');
      return;
    }
    if (!this.deviceFlowEnabled) {
      this.error(req, res, 'device_flow_disabled', 'Device Flow must be explicitly enabled for this App');
      return;
    }
    const now = Date.now();
    if (grant.state === 'used' || now >= grant.expiresAt) {
      grant.state = grant.state === 'used' ? 'used' : 'expired';
      this.error(req, res, 'expired_token', 'The device code has expired.');
      return;
    }
    if (grant.state === 'denied') {
      this.error(req, res, 'access_denied', 'The authorization request was denied.');
      return;
    }
    // A little grace: a client waiting exactly `interval` seconds must not be told to slow down.
    const tooSoon =
      this.options.enforceInterval &&
      grant.lastPollAt !== null &&
      now - grant.lastPollAt < grant.interval * 1000 - POLL_GRACE_MS;
    grant.lastPollAt = now;
    if (grant.slowDownNext || tooSoon) {
      grant.slowDownNext = false;
      grant.interval += 5;
      sendOAuth(req, res, 200, {
        error: 'slow_down',
        error_description: `Too many requests have been made in the same timeframe.`,
        error_uri: ERROR_URI,
        interval: grant.interval,
      });
      return;
    }
    if (grant.state === 'pending' || !grant.login) {
      this.error(req, res, 'authorization_pending', 'The authorization request is still pending.');
      return;
    }
    grant.state = 'used';
    const scopes = splitScopes(grant.scope);
    const token = this.accounts.issue(grant.login, scopes);
    sendOAuth(req, res, 200, { access_token: token, token_type: 'bearer', scope: scopes.join(',') });
  }

  private authorize(res: ServerResponse, url: URL): void {
    const redirectUri = url.searchParams.get('redirect_uri');
    const state = url.searchParams.get('state') ?? '';
    if (url.searchParams.get('client_id') !== this.options.clientId || !redirectUri) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not Found');
      return;
    }
    const target = new URL(redirectUri);
    if (state) target.searchParams.set('state', state);
    if (!this.webFlowUser) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user has denied your application access.');
    } else {
      const code = randomBytes(10).toString('hex');
      this.codes.set(code, {
        login: this.webFlowUser,
        scope: url.searchParams.get('scope') ?? '',
        redirectUri,
        expiresAt: Date.now() + 10 * 60_000,
      });
      target.searchParams.set('code', code);
    }
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  private exchangeCode(req: IncomingMessage, res: ServerResponse, params: Record<string, string>): void {
    if (!this.options.clientSecret || params.client_secret !== this.options.clientSecret) {
      this.error(
        req,
        res,
        'incorrect_client_credentials',
        'The client_id and/or client_secret passed are incorrect.',
      );
      return;
    }
    const grant = this.codes.get(params.code ?? '');
    this.codes.delete(params.code ?? '');
    if (!grant || grant.expiresAt <= Date.now()) {
      this.error(req, res, 'bad_verification_code', 'The code passed is incorrect or expired.');
      return;
    }
    if (params.redirect_uri && params.redirect_uri !== grant.redirectUri) {
      this.error(
        req,
        res,
        'redirect_uri_mismatch',
        'The redirect_uri MUST match the registered callback URL.',
      );
      return;
    }
    const scopes = splitScopes(grant.scope);
    const token = this.accounts.issue(grant.login, scopes);
    sendOAuth(req, res, 200, { access_token: token, token_type: 'bearer', scope: scopes.join(',') });
  }

  /** GitHub answers the token endpoint's errors with status 200. */
  private error(req: IncomingMessage, res: ServerResponse, error: string, description: string): void {
    sendOAuth(req, res, 200, { error, error_description: description, error_uri: ERROR_URI });
  }

  private byUserCode(userCode: string): DeviceGrant {
    for (const grant of this.devices.values()) if (grant.userCode === userCode) return grant;
    throw new Error(`no device code with user code ${userCode}`);
  }
}

function splitScopes(scope: string): string[] {
  return scope
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** `WDJB-MJHT`: eight characters GitHub shows the user to type. */
function userCode(): string {
  const alphabet = 'BCDFGHJKLMNPQRSTVWXZ0123456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}
