import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { encodeBase64, parseSnapshot } from '../../src/core/artifact/index.ts';
import { hashBytes } from '../../src/server/storage/assets.ts';
import { chunkText } from '../fixtures/fake-llm/server.ts';
import { makePng } from '../fixtures/png.ts';
import { createChat, generate, signedUpUser, useKilnWithFakeLlm } from './generation-helpers.ts';
import { TestClient } from './test-app.ts';

const ICON = makePng(4, 4, 7);
const BRAND = makePng(6, 3, 9);
const APP = 'export default function App() {\n  return <img src="/brand.png" alt="Brand" />;\n}';

/** A model answer with binary files: base64 content, a placed attachment, and refused ones. */
const ANSWER = `Here is your page with the logo.
<kilnArtifact title="Brand page">
<kilnFile name="src/App.tsx">
${APP}
</kilnFile>
<kilnFile name="src/assets/icon.png" encoding="base64">
${encodeBase64(ICON).replace(/(.{60})/g, '$1\n')}
</kilnFile>
<kilnFile name="public/brand.png" attachment="Brand Logo.png" />
<kilnFile name="public/missing.png" attachment="nope.png" />
<kilnFile name="public/bad.png" encoding="base64">not base64 at all!</kilnFile>
<kilnFile name="public/fake.png" encoding="base64">${encodeBase64(new TextEncoder().encode('<script>alert(1)</script>'))}</kilnFile>
<kilnFile name="public/tool.exe" encoding="base64">TVqQAAMAAAAEAAAA</kilnFile>
<kilnFile name="public/text.png">a PNG written as text</kilnFile>
</kilnArtifact>
Enjoy.`;

function assetObjects(dataDir: string): string[] {
  const dir = path.join(dataDir, 'blobs', 'assets', 'sha256');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.includes('.')) : [];
}

describe('Binary files in versions (issue 13 item 5, decision 0039)', () => {
  const ctx = useKilnWithFakeLlm();

  async function brandVersion() {
    const owner = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await createChat(owner.client);
    ctx.llm.enqueue({ chunks: chunkText(ANSWER) });
    const logo = new File([BRAND], 'Brand Logo.png', { type: 'image/png' });
    const { response, version } = await generate(owner.client, { id: chat.id, prompt: 'use this logo' }, [
      logo,
    ]);
    expect(response.status).toBe(200);
    await ctx.kiln.services.generation.settle();
    return { owner, chat, version };
  }

  async function snapshotOf(client: TestClient, chatId: string, version: number) {
    const response = await client.request(`/api/chats/${chatId}/versions/${version}/snapshot`);
    return (await response.json()) as { artifactCode: string };
  }

  it('stores base64 content and a placed attachment once in the blob store; the snapshot references them', async () => {
    const { owner, chat, version } = await brandVersion();
    const { artifactCode } = await snapshotOf(owner.client, chat.id, version);
    const icon = hashBytes(ICON);
    const brand = hashBytes(BRAND);
    expect(artifactCode).toContain(
      `<kilnFile name="src/assets/icon.png" blob="sha256:${icon}" size="${ICON.byteLength}" />`,
    );
    expect(artifactCode).toContain(
      `<kilnFile name="public/brand.png" blob="sha256:${brand}" size="${BRAND.byteLength}" />`,
    );
    expect(artifactCode).not.toContain(encodeBase64(ICON).slice(0, 40));
    expect(parseSnapshot(artifactCode).files.map((file) => file.name)).toEqual([
      'src/App.tsx',
      'src/assets/icon.png',
      'public/brand.png',
    ]);
    expect(assetObjects(ctx.kiln.dataDir)).toEqual(expect.arrayContaining([icon, brand]));

    // A second version moves the logo by its reference and writes the icon again: nothing new
    // is stored, and both versions share the same objects.
    const before = assetObjects(ctx.kiln.dataDir).length;
    ctx.llm.enqueue({
      chunks: chunkText(`<kilnArtifact title="Brand page">
<kilnFile name="public/img/brand.png" blob="sha256:${brand}" size="1" />
<kilnFile name="public/brand.png" action="delete" />
<kilnFile name="public/stolen.png" blob="sha256:${'ab'.repeat(32)}" size="3" />
<kilnFile name="src/assets/icon.png" encoding="base64">${encodeBase64(ICON)}</kilnFile>
</kilnArtifact>`),
    });
    const next = await generate(owner.client, { id: chat.id, prompt: 'move the logo' });
    await ctx.kiln.services.generation.settle();
    expect(assetObjects(ctx.kiln.dataDir)).toHaveLength(before);
    const second = parseSnapshot((await snapshotOf(owner.client, chat.id, next.version)).artifactCode);
    expect(second.files).toEqual([
      { name: 'src/App.tsx', content: APP, isLocked: false },
      {
        name: 'src/assets/icon.png',
        content: '',
        isLocked: false,
        binary: { kind: 'blob', hash: icon, size: ICON.byteLength },
      },
      {
        name: 'public/img/brand.png',
        content: '',
        isLocked: false,
        binary: { kind: 'blob', hash: brand, size: BRAND.byteLength },
      },
    ]);
  });

  it('says in the chat which files were not added, and why', async () => {
    const { owner, chat } = await brandVersion();
    const data = await (await owner.client.request(`/api/chats/by-slug/${chat.slug}`)).json();
    const content = data.lastAssistantMessage.content as string;
    expect(content.startsWith(ANSWER)).toBe(true);
    expect(content).toContain(
      'public/missing.png was not added: no file named nope.png is attached to this message.',
    );
    expect(content).toContain('public/bad.png was not added: its content is not valid base64.');
    expect(content).toContain(
      'public/fake.png was not added: file type not supported. Binary files must be images (PNG, JPEG, GIF, WebP, AVIF, ICO, BMP) or fonts (WOFF, WOFF2, TTF, OTF), and their content must match the extension.',
    );
    expect(content).toContain('public/tool.exe was not added: file type not supported.');
    expect(content).toContain(
      'public/text.png was not added: an image or font is written as base64 or placed from an attachment, not as text.',
    );
  });

  it('the zip holds the exact bytes of the binary files', async () => {
    const { owner, chat, version } = await brandVersion();
    const response = await owner.client.request(`/api/chats/${chat.id}/versions/${version}/zip`);
    expect(response.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(entries['src/assets/icon.png']).toEqual(ICON);
    expect(entries['public/brand.png']).toEqual(BRAND);
    expect(new TextDecoder().decode(entries['src/App.tsx'])).toBe(APP);
  });

  it('GET …/files/{path} gives the bytes to whoever may view the chat; a private chat’s file is a 404 to others', async () => {
    const { owner, chat, version } = await brandVersion();
    const url = `/api/chats/${chat.id}/versions/${version}/files/public/brand.png`;
    const ok = await owner.client.request(url);
    expect(ok.status).toBe(200);
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(BRAND);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ok.headers.get('content-security-policy')).toContain('sandbox');
    const again = await owner.client.request(url, { headers: { 'If-None-Match': ok.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const stranger = await signedUpUser(ctx.kiln);
    const anonymous = new TestClient(ctx.kiln);
    expect((await stranger.client.request(url)).status).toBe(200);
    expect((await anonymous.request(url)).status).toBe(200);

    const hidden = await owner.client.request(`/api/chats/${chat.id}/visibility`, {
      method: 'POST',
      json: { isPublic: false },
    });
    expect(hidden.status).toBe(200);
    for (const client of [stranger.client, anonymous]) {
      const denied = await client.request(url);
      expect(denied.status).toBe(404);
      expect(denied.headers.get('content-type')).toContain('application/json');
      // Not even a cached copy: the owner's answer told no cache to keep it for others.
      expect(
        (await client.request(url, { headers: { 'If-None-Match': ok.headers.get('etag')! } })).status,
      ).toBe(404);
    }
    expect((await owner.client.request(url)).status).toBe(200);
    // Text files are read from the snapshot; unknown paths are no file.
    expect(
      (await owner.client.request(`/api/chats/${chat.id}/versions/${version}/files/src/App.tsx`)).status,
    ).toBe(404);
    expect(
      (await owner.client.request(`/api/chats/${chat.id}/versions/${version}/files/public/x.png`)).status,
    ).toBe(404);
  });

  it('saving locks cannot swap a blob reference for another one', async () => {
    const { owner, chat, version } = await brandVersion();
    const { artifactCode } = await snapshotOf(owner.client, chat.id, version);
    const swapped = artifactCode.replace(hashBytes(BRAND), 'ab'.repeat(32));
    const refused = await owner.client.request(`/api/chats/${chat.id}/artifact`, {
      method: 'PUT',
      json: { artifactCode: swapped, version },
    });
    expect(refused.status).toBe(400);
    const locked = artifactCode.replace(
      'name="public/brand.png" blob',
      'name="public/brand.png" locked="true" blob',
    );
    expect(locked).not.toBe(artifactCode);
    const saved = await owner.client.request(`/api/chats/${chat.id}/artifact`, {
      method: 'PUT',
      json: { artifactCode: locked, version },
    });
    expect(saved.status).toBe(200);
    const file = parseSnapshot((await snapshotOf(owner.client, chat.id, version)).artifactCode).files.find(
      (candidate) => candidate.name === 'public/brand.png',
    );
    expect(file).toMatchObject({ isLocked: true, binary: { kind: 'blob', hash: hashBytes(BRAND) } });
  });

  it('tells the model which attached images it may place, and how', async () => {
    await brandVersion();
    const sent = JSON.stringify(ctx.llm.requests.at(-1)!.body);
    expect(sent).toContain('<attached_images>\\nBrand Logo.png (image/png');
    expect(sent).toContain('attachment=\\"logo.png\\"');
  });
});
