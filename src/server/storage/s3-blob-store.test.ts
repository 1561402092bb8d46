import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../../tests/fixtures/fake-s3.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

describe('S3-compatible blob store (real AWS SDK client against a loopback S3)', () => {
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(async () => s3.close());

  it('puts, gets and deletes objects in the bucket, path-style', async () => {
    const store = createS3BlobStore({
      bucket: 'kiln',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test',
    });
    await store.put('attachments/chat-1/a.png', new Uint8Array([1, 2, 3]), 'image/png');
    expect([...s3.objects.keys()]).toEqual(['/kiln/attachments/chat-1/a.png']);
    expect(await store.get('attachments/chat-1/a.png')).toEqual({
      bytes: new Uint8Array([1, 2, 3]),
      contentType: 'image/png',
    });
    expect(await store.get('attachments/chat-1/missing.png')).toBeNull();
    await store.delete('attachments/chat-1/a.png');
    expect(await store.get('attachments/chat-1/a.png')).toBeNull();
    await expect(store.put('../escape', new Uint8Array(), 'text/plain')).rejects.toThrow('Invalid blob key');
  });

  it('check(): HeadBucket answers while the store is up, and throws once it is gone', async () => {
    const other = await startFakeS3();
    const store = createS3BlobStore({
      bucket: 'kiln',
      endpoint: other.endpoint,
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test',
    });
    await expect(store.check!()).resolves.toBeUndefined();
    await other.close();
    await expect(store.check!()).rejects.toThrow();
  });
});
