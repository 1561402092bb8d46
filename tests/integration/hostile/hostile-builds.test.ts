/**
 * The hostile corpus's projects (tests/fixtures/hostile, issue 31 items 1, 4 and 8) through the
 * real builder (bubblewrap), the preview host and the app-server runtime, with two users: what a
 * build writes is data, never Kiln's configuration; Kiln writes nothing through a build's links;
 * two chats with the same files never share a server, its folder or what it wrote.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewAppKey } from '../../../src/server/app-servers/app-routing.ts';
import { detectSandbox } from '../../../src/server/preview/sandbox.ts';
import { signedUpUser } from '../generation-helpers.ts';
import { loadPreviewVersion } from '../../../src/server/preview/versions.ts';
import {
  createPreviewKiln,
  createUser,
  createVersion,
  previewHost,
  waitForBuild,
  type TestKiln,
} from '../preview-helpers.ts';

const fixtures = path.join(import.meta.dirname, '..', '..', 'fixtures', 'hostile');
const sandbox = detectSandbox('auto');

/** A corpus project's files (dot folders too), its placeholders filled in. */
function project(name: string, replacements: Record<string, string> = {}) {
  const dir = path.join(fixtures, name);
  const names = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((file) =>
    fs.statSync(path.join(dir, file)).isFile(),
  );
  return names.map((file) => {
    let content = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const [from, to] of Object.entries(replacements)) content = content.replaceAll(from, to);
    return { name: file.split(path.sep).join('/'), content };
  });
}

describe.runIf(sandbox.kind === 'bwrap')('hostile builds (bubblewrap, two users)', () => {
  let kiln: TestKiln;
  let victim: string;
  let attacker: string;
  const canary = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-hostile-canary-'));

  beforeAll(async () => {
    // A low process limit, so the fork bomb meets it soon.
    kiln = await createPreviewKiln({ KILN_PREVIEW_STANDBY: 'false', KILN_BUILD_MAX_PROCESSES: '128' });
    kiln.services.preview.start();
    victim = await createUser(kiln);
    attacker = await createUser(kiln);
  });
  afterAll(async () => {
    await kiln?.close();
    fs.rmSync(canary, { recursive: true, force: true });
  });

  async function built(userId: string, files: { name: string; content: string }[]) {
    const { chatId, version } = await createVersion(kiln, { userId, framework: 'react', files });
    await kiln.services.preview.requestBuild(chatId, version);
    return { chatId, version, state: await waitForBuild(kiln, chatId, version) };
  }

  function get(target: { chatId: string; version: number }, pathname: string) {
    const host = previewHost(target.chatId, target.version);
    return kiln.app.request(`http://${host}${pathname}`, { headers: { host } });
  }

  async function outputOf(target: { chatId: string; version: number }): Promise<string> {
    const version = await loadPreviewVersion(kiln.services.db, target.chatId, target.version);
    return (await kiln.services.preview.outputDirOf(version!))!;
  }

  it('two chats with the same server files get their own server, folder and data; nothing survives a restart', async () => {
    const files = project('shared-server-workspace');
    const mine = await built(victim, files);
    expect(mine.state.status, JSON.stringify(mine.state)).toBe('ready');
    const theirs = await built(attacker, files);
    expect(theirs.state.status, JSON.stringify(theirs.state)).toBe('ready');
    // The same files: one stored output…
    expect(await outputOf(theirs)).toBe(await outputOf(mine));

    expect(await (await get(mine, '/write?order=victim-order-1')).text()).toBe('written');
    const victimBoot = await (await get(mine, '/boot')).text();
    // …but never one process: the attacker's request is not answered by the victim's server.
    const attackerBoot = await (await get(theirs, '/boot')).text();
    expect(attackerBoot).toMatch(/^[0-9a-f-]{36}$/);
    expect(attackerBoot).not.toBe(victimBoot);
    expect(await (await get(theirs, '/read')).text()).toBe('');
    // The attacker writes and plants code; the victim sees none of it, now or at its next start.
    expect(await (await get(theirs, '/write?order=attacker')).text()).toBe('written');
    expect(await (await get(mine, '/read')).text()).toBe('victim-order-1\n');
    await kiln.services.apps.stop(previewAppKey(mine.chatId, mine.version, await outputOf(mine)));
    await kiln.services.apps.stop(previewAppKey(theirs.chatId, theirs.version, await outputOf(theirs)));
    const restarted = await get(mine, '/boot');
    expect(restarted.status).toBe(200);
    expect(await restarted.text()).not.toBe(victimBoot);
    // A server's writes live in its own layer only, thrown away when it stops (decision 0055).
    expect(await (await get(mine, '/read')).text()).toBe('');
    expect((await get(theirs, '/')).status).toBe(200);
    // Two kept workspaces, each holding the build as it was built.
    const workspaces = path.join(kiln.dataDir, 'app-servers', 'workspaces');
    const kept = fs.readdirSync(workspaces).filter((name) => !name.endsWith('.layer'));
    expect(kept).toHaveLength(2);
    for (const name of kept) {
      const server = fs.readFileSync(path.join(workspaces, name, '.output', 'server', 'index.mjs'), 'utf8');
      expect(server).toContain('randomUUID');
      expect(fs.existsSync(path.join(workspaces, name, 'data'))).toBe(false);
    }
  }, 600_000);

  it('a static build that writes Kiln’s app manifest is refused, and nothing it names is run', async () => {
    const victimOutput = path.basename(await outputOf(await firstServerBuild()));
    const attack = await built(
      attacker,
      project('reserved-app-manifest', { __VICTIM_BUILD__: victimOutput }),
    );
    expect(attack.state.status).toBe('error');
    expect(attack.state.error?.content).toContain('a name Kiln keeps for its own files');
    expect(attack.state.error?.content).toContain('dist/.kiln-app');
    const page = await get(attack, '/');
    expect(await page.text()).not.toContain('pwned');
  }, 600_000);

  it('a build linking Kiln’s folders to a host folder gets nothing written or changed there', async () => {
    fs.chmodSync(canary, 0o700);
    const before = fs.statSync(canary);
    const linked = await built(attacker, project('links-into-kiln-folders', { __CANARY_DIR__: canary }));
    // The links are the project's own business: nothing of Kiln's goes through them.
    expect(linked.state.status, JSON.stringify(linked.state)).toBe('ready');
    expect(await (await get(linked, '/')).text()).toContain('linked server');
    expect(fs.readdirSync(canary)).toEqual([]);
    const after = fs.statSync(canary);
    expect([after.uid, after.gid, after.mode]).toEqual([before.uid, before.gid, before.mode]);
  }, 600_000);

  it('an HTML version that ships Kiln’s app folder as its own files never gets a server when deployed', async () => {
    const owner = await signedUpUser(kiln, { premium: true });
    const { chatId, version } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: project('html-app-folder'),
    });
    const deployed = await owner.client.request(`/api/chats/${chatId}/deployment`, {
      method: 'POST',
      json: { subdomain: 'smuggled-app', version },
    });
    expect(deployed.status).toBe(200);
    const on = (pathname: string) =>
      kiln.app.request(`http://smuggled-app.localhost:3000${pathname}`, {
        headers: { host: 'smuggled-app.localhost:3000' },
      });
    expect(await (await on('/')).text()).toContain('ships Kiln');
    const api = await on('/api/x');
    // Answered as a static site (its pages), never by the smuggled handler.
    expect(await api.text()).not.toContain('smuggled handler ran');
    expect(api.headers.get('content-type')).toMatch(/^text\/html/);
  }, 600_000);

  it('a server build whose node_modules links to a host folder never sees that folder', async () => {
    fs.writeFileSync(path.join(canary, 'canary.txt'), 'host canary');
    try {
      const linked = await built(attacker, project('linked-node-modules', { __CANARY_DIR__: canary }));
      expect(linked.state.status, JSON.stringify(linked.state)).toBe('ready');
      const answer = await get(linked, '/');
      expect(answer.status).toBe(200);
      expect(await answer.text()).not.toContain('host canary');
    } finally {
      fs.rmSync(path.join(canary, 'canary.txt'), { force: true });
    }
  }, 600_000);

  it('a build that leaves processes behind leaves none running once it is done', async () => {
    const marker = `kiln-lingering-${Date.now()}`;
    const lingering = await built(attacker, project('lingering-process', { __MARKER__: marker }));
    expect(lingering.state.status, JSON.stringify(lingering.state)).toBe('ready');
    const running = () =>
      fs
        .readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .filter((pid) => {
          try {
            return fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(marker);
          } catch {
            return false;
          }
        });
    await expect.poll(running).toEqual([]);
    expect(fs.existsSync('/tmp/lingering.log')).toBe(false);
  }, 600_000);

  it('a build that rewrites a dependency in node_modules leaves the shared store as published', async () => {
    const poisoned = await built(attacker, project('store-poison', { __MODE__: 'poison' }));
    expect(poisoned.state.status, JSON.stringify(poisoned.state)).toBe('ready');
    // The attacker's own build saw its change (the write went through, into its own layer)…
    expect(await (await get(poisoned, '/')).text()).toContain('poisoned by another user');
    const clean = await built(victim, project('store-poison', { __MODE__: 'clean' }));
    expect(clean.state.status, JSON.stringify(clean.state)).toBe('ready');
    const page = await (await get(clean, '/')).text();
    expect(page).toMatch(/<pre>19\.\d+\.\d+<\/pre>/);
    expect(page).not.toContain('poisoned');
  }, 600_000);

  it('a server that forks without end is stopped while another user’s server goes on answering', async () => {
    const bomb = await built(attacker, project('fork-bomb-server'));
    expect(bomb.state.status, JSON.stringify(bomb.state)).toBe('ready');
    const mine = await firstServerBuild();
    expect(await (await get(bomb, '/bomb')).text()).toBe('forking');
    const bombKey = previewAppKey(bomb.chatId, bomb.version, await outputOf(bomb));
    await expect
      .poll(
        () =>
          kiln.services.apps
            .logs(bombKey)
            .lines.map((line) => line.text)
            .join('\n'),
        {
          timeout: 60_000,
        },
      )
      .toMatch(/too many processes/);
    const answer = await get(mine, '/boot');
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/^[0-9a-f-]{36}$/);
  }, 600_000);

  /** The victim's server build of the first test (or a new one when run alone). */
  async function firstServerBuild() {
    return built(victim, project('shared-server-workspace'));
  }
});
