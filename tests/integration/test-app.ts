import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../../src/server/config.ts';
import { createKiln, type Kiln } from '../../src/server/main.ts';

/**
 * The real HTTP app over an in-memory PGlite; `app.request` needs no open port. Every request
 * comes from one address, and tests make accounts, chats and versions far faster than a person:
 * no abuse limits unless the test sets KILN_RATE_LIMITS (tests/integration/rate-limits.test.ts).
 */
export async function createTestKiln(env: Record<string, string> = {}): Promise<Kiln & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-test-'));
  const config = parseConfig({
    KILN_DATA_DIR: dataDir,
    KILN_SECRET: 'x'.repeat(40),
    KILN_RATE_LIMITS: 'off',
    // No JSON log lines in test output; tests that read the log pass their own level and stream.
    KILN_LOG_LEVEL: 'silent',
    // The browser's check of each built version (screenshot, runtime errors) costs a page load
    // per build: on only where it is tested (KILN_VERSION_CHECKS: 'true'; docs/rules/ci-budget.md).
    KILN_VERSION_CHECKS: 'false',
    // Kiln's repair rounds answer a failed build with more model calls: on where they are tested
    // (tests/integration/autofix-rounds.test.ts), so a scripted answer is answered once.
    KILN_AUTOFIX_ROUNDS: '0',
    // A standby (a warm build tool, refilled after each build, Angular's seeded by a build of its
    // template) pays off over a server's life, not a test file's: it doubled the CPU of files that
    // build a few versions. On where the standby path is what is tested (KILN_PREVIEW_STANDBY: 'true').
    KILN_PREVIEW_STANDBY: 'false',
    // Builds that reach the internet would make the suite depend on it (Next's fonts fetch Google
    // Fonts when egress is on): offline, as before, except where build egress is what is tested.
    KILN_BUILD_EGRESS: 'off',
    ...env,
  });
  const kiln = await createKiln(config, { inMemoryDatabase: true });
  return {
    ...kiln,
    dataDir,
    async close() {
      await kiln.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps the cookies the server sets and sends the app's Origin. */
export class TestClient {
  private readonly cookies = new Map<string, string>();
  lastSetCookie: string[] = [];

  constructor(private readonly kiln: Kiln) {}

  async request(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('origin', this.kiln.services.config.publicUrl);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const response = await this.kiln.app.request(pathname, { ...init, headers, body });
    this.lastSetCookie = response.headers.getSetCookie();
    for (const line of this.lastSetCookie) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      const joined = value.join('=');
      if (joined === '' || /max-age=0/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), joined);
    }
    return response;
  }

  /**
   * Signs up, then in, as the web's sign-up page does (sign-up itself signs nobody in, so its
   * answer is the same whether the address had an account). Returns sign-up's answer.
   */
  async signUp(email: string, password = 'correct horse 1', name = 'Ada Lovelace') {
    const response = await this.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password, name },
    });
    if (response.ok) await this.signIn(email, password);
    return response;
  }

  async signIn(email: string, password = 'correct horse 1') {
    return this.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
  }

  async me(): Promise<{ user: { id: string; fullName: string; email: string } | null; isPremium: boolean }> {
    return (await this.request('/api/me')).json();
  }
}
