import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { grantPremium } from '../../../src/server/billing/subscriptions.ts';
import { parseConfig } from '../../../src/server/config.ts';
import { createKiln } from '../../../src/server/main.ts';
import { createVersion, templateWith, type TestKiln } from '../preview-helpers.ts';
import { TestClient } from '../test-app.ts';
import { dataDirWithSharedStore, HELD_BUILD_SCRIPT, waitForHeldBuild } from './held-build.ts';
import { startKilnProcess, type KilnProcess } from './kiln-process.ts';

/** A React version whose build runs `script` (written as fault-build.mjs). */
function withBuildScript(script: string) {
  const packageJson = JSON.parse(
    templateWith('react', {}).find((file) => file.name === 'package.json')!.content,
  );
  packageJson.scripts.build = 'node fault-build.mjs';
  return templateWith('react', {
    'package.json': JSON.stringify(packageJson, null, 2),
    'fault-build.mjs': script,
  });
}

const FIRST = `import fs from 'node:fs';
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/index.html', '<!doctype html><p>FIRST DEPLOYMENT</p>');
fs.writeFileSync('dist/app.js', 'console.log("first");');
`;

/** The deployed site as a browser gets it from its own host. */
function sitePage(url: string, host: string, pathname = '/'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}${pathname}`, { headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/**
 * Issue 21 item 6, "kill -9 during a deploy switch": the server dies while a deployment is being
 * moved to another version (its build half done). After a restart the site serves the old
 * deployment, whole: no mix of versions, no 5xx, and the Deployment tab still says version 1.
 */
describe('faults: kill -9 during a deploy switch', () => {
  const cleanups: Array<() => Promise<unknown> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps serving the old deployment completely after a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-fault-deploy-'));
    // Retried: a killed server's last writes may still be landing.
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }));
    dataDirWithSharedStore(dataDir);
    const env = { KILN_DATA_DIR: dataDir, KILN_BUILD_TIMEOUT_MS: '240000', KILN_PREVIEW_STANDBY: 'false' };

    // On the embedded database, before the server runs: a premium owner (signed in), two versions.
    const setup = await createKiln(parseConfig(env));
    const owner = new TestClient(setup);
    await owner.signUp('deployer@example.com');
    const cookie = owner.lastSetCookie.map((line) => line.split(';')[0]).join('; ');
    const userId = (await owner.me()).user!.id;
    await grantPremium(setup.services.db, userId);
    const { chatId } = await createVersion(setup as TestKiln, {
      userId,
      framework: 'react',
      files: withBuildScript(FIRST),
    });
    await createVersion(setup as TestKiln, {
      userId,
      framework: 'react',
      chatId,
      version: 2,
      files: withBuildScript(HELD_BUILD_SCRIPT),
    });
    await setup.close();

    let kiln: KilnProcess = await startKilnProcess(env, { worker: true });
    cleanups.push(() => kiln.kill());
    const json = { 'content-type': 'application/json' };
    const deployment = (method: string, body?: unknown) =>
      kiln.request(`/api/chats/${chatId}/deployment`, {
        method,
        cookie,
        headers: json,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const deployed = await deployment('POST', { subdomain: 'fault-site', version: 1 });
    expect(deployed.status).toBe(200);
    const host = () => `fault-site.localhost:${new URL(kiln.url).port}`;
    expect((await sitePage(kiln.url, host())).body).toContain('FIRST DEPLOYMENT');

    // The switch to version 2 is under way (its build half written) when the server is killed.
    const switching = deployment('PATCH', { subdomain: 'fault-site', version: 2 }).catch((error) => error);
    await waitForHeldBuild(dataDir);
    await kiln.kill();
    expect(await switching).toBeInstanceOf(Error);

    kiln = await startKilnProcess(env, { worker: true });
    const page = await sitePage(kiln.url, host());
    expect(page.status).toBe(200);
    expect(page.body).toContain('FIRST DEPLOYMENT');
    expect(page.body).not.toContain('HALF');
    const script = await sitePage(kiln.url, host(), '/app.js');
    expect(script).toMatchObject({ status: 200, body: 'console.log("first");' });
    const view = await (await deployment('GET')).json();
    expect(view).toMatchObject({ isDeployed: true, subdomain: 'fault-site', version: 1 });
  }, 400_000);
});
