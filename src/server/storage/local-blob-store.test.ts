import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './local-blob-store.ts';

describe('local blob store', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-blobs-'));
  const store = createLocalBlobStore(root);

  it('stores, reads back and deletes bytes with their content type', async () => {
    await store.put('attachments/chat-1/a.png', new Uint8Array([1, 2, 3]), 'image/png');
    expect(await store.get('attachments/chat-1/a.png')).toEqual({
      bytes: new Uint8Array([1, 2, 3]),
      contentType: 'image/png',
    });
    await store.delete('attachments/chat-1/a.png');
    expect(await store.get('attachments/chat-1/a.png')).toBeNull();
  });

  it('refuses keys that could escape its folder', async () => {
    await expect(store.put('../etc/passwd', new Uint8Array(), 'text/plain')).rejects.toThrow(
      'Invalid blob key',
    );
    await expect(store.get('/etc/passwd')).rejects.toThrow('Invalid blob key');
  });

  it('check(): passes on a usable folder and throws where none can be (a file in its place)', async () => {
    await expect(store.check!()).resolves.toBeUndefined();
    const notFolder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-blobs-')), 'blobs');
    fs.writeFileSync(notFolder, 'x');
    await expect(createLocalBlobStore(notFolder).check!()).rejects.toThrow();
  });
});
