import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { assertSafeKey, type BlobStore } from './blob-store.ts';

/** Production: any S3-compatible store (AWS S3, MinIO, R2...) so web processes stay stateless. */
export function createS3BlobStore(s3: NonNullable<Config['s3']>): BlobStore {
  const client = createS3Client(s3);
  return {
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
        if (!result.Body) return null;
        return {
          bytes: await result.Body.transformToByteArray(),
          contentType: result.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    async check() {
      // The bucket exists and these credentials reach it: one request, no object read.
      await client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
    },
  };
}

/** The client for the configured bucket (the blob store, and scripts/blob-sync.ts's listing). */
export function createS3Client(s3: NonNullable<Config['s3']>): S3Client {
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    // MinIO and most self-hosted stores need path-style addressing.
    forcePathStyle: Boolean(s3.endpoint),
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
  });
}
