import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPreviewToken, verifyPreviewToken } from '../../src/server/preview/preview-token.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createFreshDatabase } from './postgres-server.ts';
import { createVersion, previewHost } from './preview-helpers.ts';
import { createTestKiln, type TestClient } from './test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;

/**
 * Issue 21 item 8: a private chat's preview token opened every version of the chat for an hour
 * and could not be revoked. Now it opens one version, and only until the chat's visibility
 * changes (chats.preview_token_epoch, bumped by the change itself and read by the preview host
 * with the version on every request).
 */

const page = (label: string) => ({ name: 'index.html', content: `<!doctype html><h1>${label}</h1>` });

/** A premium owner's private HTML chat with versions 1 and 2 (private chats are premium). */
async function privateChat(kiln: TestKiln) {
  const { client: owner, userId } = await signedUpUser(kiln, { premium: true });
  const { chatId } = await createVersion(kiln, {
    userId,
    framework: 'html',
    isPrivate: true,
    files: [page('Version one')],
  });
  await createVersion(kiln, { userId, framework: 'html', chatId, version: 2, files: [page('Version two')] });
  return { owner, chatId };
}

/** The owner's token for one version, as the editor gets it. */
async function tokenFor(owner: TestClient, chatId: string, version: number): Promise<string> {
  const answer = await owner.request(`/api/chats/${chatId}/preview/${version}`);
  expect(answer.status).toBe(200);
  const { url } = (await answer.json()) as { url: string };
  return new URL(url).searchParams.get('token')!;
}

async function setPublic(owner: TestClient, chatId: string, isPublic: boolean) {
  const answer = await owner.request(`/api/chats/${chatId}/visibility`, {
    method: 'POST',
    json: { isPublic },
  });
  expect(answer.status).toBe(200);
}

/** What a browser without the app's session gets on the preview host: the token in the address, then its cookie. */
async function openWithToken(kiln: TestKiln, chatId: string, version: number, token: string) {
  const host = `${previewHost(chatId, version)}:3000`;
  const step = await kiln.app.request(`/?token=${token}`, { headers: { host } });
  if (step.status !== 302) return { status: step.status, text: await step.text() };
  const cookie = step.headers.get('set-cookie')!.split(';')[0]!;
  const shown = await kiln.app.request('/', { headers: { host, cookie } });
  return { status: shown.status, text: await shown.text() };
}

/** The cookie a token became earlier, sent again (a framed preview reloading). */
async function openWithCookie(kiln: TestKiln, chatId: string, version: number, token: string) {
  const host = `${previewHost(chatId, version)}:3000`;
  const shown = await kiln.app.request('/', { headers: { host, cookie: `kiln_preview_token=${token}` } });
  return { status: shown.status, text: await shown.text() };
}

describe('preview tokens open one version, until the chat’s visibility changes', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln();
  });
  afterAll(async () => kiln?.close());

  it('a token for version 1 does not open version 2 (address or cookie)', async () => {
    const { owner, chatId } = await privateChat(kiln);
    const one = await tokenFor(owner, chatId, 1);
    expect(await openWithToken(kiln, chatId, 1, one)).toMatchObject({
      status: 200,
      text: expect.stringContaining('Version one'),
    });
    for (const opened of [
      await openWithToken(kiln, chatId, 2, one),
      await openWithCookie(kiln, chatId, 2, one),
    ]) {
      expect(opened.status).toBe(404);
      expect(opened.text).not.toContain('Version two');
    }
    const two = await tokenFor(owner, chatId, 2);
    expect(await openWithToken(kiln, chatId, 2, two)).toMatchObject({
      status: 200,
      text: expect.stringContaining('Version two'),
    });
  });

  it('private → public → private revokes every earlier token; the owner’s fresh token works', async () => {
    const { owner, chatId } = await privateChat(kiln);
    const before = await tokenFor(owner, chatId, 1);
    expect((await openWithToken(kiln, chatId, 1, before)).status).toBe(200);

    await setPublic(owner, chatId, true);
    // Public: no token needed; a preview link given now has none.
    expect((await openWithCookie(kiln, chatId, 1, 'none')).status).toBe(200);
    await setPublic(owner, chatId, false);

    for (const opened of [
      await openWithToken(kiln, chatId, 1, before),
      await openWithCookie(kiln, chatId, 1, before),
    ]) {
      expect(opened.status).toBe(404);
      expect(opened.text).not.toContain('Version one');
    }
    const fresh = await tokenFor(owner, chatId, 1);
    expect(await openWithToken(kiln, chatId, 1, fresh)).toMatchObject({
      status: 200,
      text: expect.stringContaining('Version one'),
    });
  });

  it('public → private revokes a token given while it was private before; /content gives a working one', async () => {
    const { owner, chatId } = await privateChat(kiln);
    await setPublic(owner, chatId, true);
    // Signed for the epoch before the chat went public (what a leaked link would carry).
    const leaked = createPreviewToken(kiln.services.preview.secret, { chatId, version: 1, epoch: 1 });
    await setPublic(owner, chatId, false);
    expect((await openWithToken(kiln, chatId, 1, leaked)).status).toBe(404);

    const redirect = await owner.request(`/content/${chatId}/1`);
    expect(redirect.status).toBe(302);
    const token = new URL(redirect.headers.get('location')!).searchParams.get('token')!;
    expect((await openWithToken(kiln, chatId, 1, token)).status).toBe(200);
  });

  it('asking for the same visibility again revokes nothing', async () => {
    const { owner, chatId } = await privateChat(kiln);
    const token = await tokenFor(owner, chatId, 1);
    await setPublic(owner, chatId, false);
    expect((await openWithToken(kiln, chatId, 1, token)).status).toBe(200);
  });

  it('a token is bound to its chat, version, epoch, expiry and secret', () => {
    const secret = kiln.services.preview.secret;
    const scope = { chatId: 'chat-a', version: 3, epoch: 2 };
    const now = Date.UTC(2026, 0, 1);
    const token = createPreviewToken(secret, scope, now);
    expect(verifyPreviewToken(secret, scope, token, now)).toBe(true);
    for (const other of [
      { ...scope, chatId: 'chat-b' },
      { ...scope, version: 4 },
      { ...scope, epoch: 3 },
    ]) {
      expect(verifyPreviewToken(secret, other, token, now)).toBe(false);
    }
    expect(verifyPreviewToken(secret, scope, token, now + 60 * 60 * 1000)).toBe(false);
    expect(verifyPreviewToken(`${secret}-other`, scope, token, now)).toBe(false);
    const [body, signature] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ ...scope, version: 4, expiresAt: now + 1000 })).toString(
      'base64url',
    );
    expect(verifyPreviewToken(secret, { ...scope, version: 4 }, `${widened}.${signature}`, now)).toBe(false);
    expect(verifyPreviewToken(secret, scope, `${body}.${signature}.x`, now)).toBe(false);
  });
});

describe('a revocation holds in every process as soon as it hears of it (two Kilns, one PostgreSQL)', () => {
  let first: TestKiln;
  let second: TestKiln;
  beforeAll(async () => {
    const url = await createFreshDatabase(inject('postgresUrl'));
    first = await createTestKiln({ DATABASE_URL: url });
    second = await createTestKiln({ DATABASE_URL: url });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('a token the other process accepted is refused there once the change reaches it', async () => {
    const { owner, chatId } = await privateChat(first);
    const token = await tokenFor(owner, chatId, 1);
    expect((await openWithToken(second, chatId, 1, token)).status).toBe(200);
    // The other process hears of the change over LISTEN/NOTIFY: once it has (never sooner, on a
    // loaded machine), the token it accepted a moment ago opens nothing there.
    const heard = new Promise<void>((resolve) => {
      const stop = second.services.realtime.subscribe(chatId, (event) => {
        if (event.type === 'visibility' && event.isPrivate) {
          stop();
          resolve();
        }
      });
    });
    await setPublic(owner, chatId, true);
    await setPublic(owner, chatId, false);
    await heard;
    expect((await openWithCookie(second, chatId, 1, token)).status).toBe(404);
    expect((await openWithToken(second, chatId, 1, await tokenFor(owner, chatId, 1))).status).toBe(200);
  });
});
