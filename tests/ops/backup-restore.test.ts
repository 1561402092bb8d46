import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { attachmentKey } from '../../src/server/generation/attachments.ts';
import {
  chatData,
  createChat,
  generate,
  PNG_BYTES,
  signedUpUser,
} from '../integration/generation-helpers.ts';
import { createTestKiln, TestClient } from '../integration/test-app.ts';
import { startListingS3 } from './listing-s3.ts';
import { postgresForPgDump, type DumpablePostgres } from './postgres-for-pg-dump.ts';

/**
 * Issue 20 item 3: scripts/backup.sh and scripts/restore.sh, run as an operator runs them, against
 * a real PostgreSQL (pg_dump and pg_restore of this machine) and a real blob store. A Kiln with an
 * account, a generated chat and an attachment is backed up while it runs; the backup is restored
 * into a new, empty database and a new blob store (another data folder, or another bucket), and a
 * second Kiln on them signs the same person in and serves the same chat and attachment.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT_TIMEOUT_MS = 300_000;
const execFileAsync = promisify(execFile);

/**
 * Runs a script as an operator would, asynchronously: the loopback S3 it talks to answers from
 * this process.
 */
async function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  try {
    const { stdout } = await execFileAsync('bash', [path.join(root, 'scripts', script), ...args], {
      // Only what an operator would set: none of the test runner's own variables.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: os.homedir(), ...env },
      encoding: 'utf8',
      timeout: SCRIPT_TIMEOUT_MS,
    });
    return stdout;
  } catch (error) {
    const failed = error as Error & { stdout?: string; stderr?: string };
    throw new Error(`${script} failed: ${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`);
  }
}

/** backup.sh prints the folder it made last. */
function lastLine(output: string): string {
  return output.trim().split('\n').at(-1)!;
}

/** What the first Kiln holds, to be found again after the restore. */
interface Stored {
  email: string;
  slug: string;
  answer: string;
  attachmentUrl: string;
}

async function storeSomething(kiln: Awaited<ReturnType<typeof createTestKiln>>): Promise<Stored> {
  const { client } = await signedUpUser(kiln);
  const me = await client.me();
  const chat = await createChat(client, 'html', 'A landing page');
  const { text } = await generate(client, { id: chat.id, prompt: 'A landing page' });
  await kiln.services.generation.settle();
  const fileId = crypto.randomUUID();
  await kiln.services.blobs.put(attachmentKey(chat.id, fileId), PNG_BYTES, 'image/png');
  return {
    email: me.user!.email,
    slug: chat.slug,
    answer: text,
    attachmentUrl: `/api/attachments/${chat.id}/${fileId}`,
  };
}

async function expectRestored(
  kiln: Awaited<ReturnType<typeof createTestKiln>>,
  stored: Stored,
): Promise<void> {
  const client = new TestClient(kiln);
  expect((await client.signIn(stored.email)).status).toBe(200);
  const { status, data } = await chatData(client, stored.slug);
  expect(status).toBe(200);
  expect(data.lastAssistantMessage.content).toBe(stored.answer);
  const attachment = await client.request(stored.attachmentUrl);
  expect(attachment.status).toBe(200);
  expect(attachment.headers.get('content-type')).toBe('image/png');
  expect(new Uint8Array(await attachment.arrayBuffer())).toEqual(PNG_BYTES);
}

describe('backup and restore of a Kiln on PostgreSQL', () => {
  let postgres: DumpablePostgres;
  const folders: string[] = [];
  const tempFolder = (name: string) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), `kiln-${name}-`));
    folders.push(folder);
    return folder;
  };

  beforeAll(async () => {
    postgres = await postgresForPgDump(inject('postgresUrl'));
  });
  afterAll(async () => {
    if (postgres?.skip === undefined) await postgres?.stop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('restores the database and the data folder’s blobs onto a new database and folder', async (context) => {
    const server = postgres;
    if (server.skip !== undefined) return context.skip(server.skip);
    const source = { DATABASE_URL: await server.newDatabase(), KILN_DATA_DIR: tempFolder('source') };
    const kiln = await createTestKiln({ ...source, KILN_DEMO_DELAY_MS: '0' });
    let stored: Stored;
    let backup: string;
    try {
      stored = await storeSomething(kiln);
      // While Kiln runs: pg_dump reads one consistent snapshot.
      backup = lastLine(await runScript('backup.sh', [tempFolder('backups')], source));
    } finally {
      await kiln.close();
    }
    expect(path.basename(backup)).toMatch(/^kiln-\d{8}T\d{6}Z$/);
    expect(fs.readdirSync(backup).sort()).toEqual(['blobs', 'database.dump', 'manifest.txt']);

    const target = { DATABASE_URL: await server.newDatabase(), KILN_DATA_DIR: tempFolder('target') };
    await runScript('restore.sh', [backup], target);
    const restored = await createTestKiln({ ...target, KILN_DEMO_DELAY_MS: '0' });
    try {
      await expectRestored(restored, stored);
    } finally {
      await restored.close();
    }
  });

  it('restores an S3 bucket’s objects, with their content types, into another bucket', async (context) => {
    const server = postgres;
    if (server.skip !== undefined) return context.skip(server.skip);
    const s3 = await startListingS3();
    const bucketSettings = (bucket: string) => ({
      KILN_S3_BUCKET: bucket,
      KILN_S3_ENDPOINT: s3.endpoint,
      KILN_S3_ACCESS_KEY_ID: 'test',
      KILN_S3_SECRET_ACCESS_KEY: 'test',
    });
    try {
      const source = {
        DATABASE_URL: await server.newDatabase(),
        KILN_DATA_DIR: tempFolder('source'),
        ...bucketSettings('kiln-source'),
      };
      const kiln = await createTestKiln({ ...source, KILN_DEMO_DELAY_MS: '0' });
      let stored: Stored;
      try {
        stored = await storeSomething(kiln);
        // More objects than one listing page (startListingS3 pages by 2): every page is read.
        for (let index = 0; index < 5; index++) {
          await kiln.services.blobs.put(`assets/extra-${index}`, new Uint8Array([index]), 'text/plain');
        }
      } finally {
        await kiln.close();
      }
      const sourceKeys = [...s3.objects.keys()].filter((key) => key.startsWith('/kiln-source/'));
      expect(sourceKeys.length).toBeGreaterThan(2);
      const backup = lastLine(await runScript('backup.sh', [tempFolder('backups')], source));

      const target = {
        DATABASE_URL: await server.newDatabase(),
        KILN_DATA_DIR: tempFolder('target'),
        ...bucketSettings('kiln-target'),
      };
      await runScript('restore.sh', [backup], target);
      const targetKeys = [...s3.objects.keys()].filter((key) => key.startsWith('/kiln-target/'));
      expect(targetKeys.map((key) => key.replace('/kiln-target/', '')).sort()).toEqual(
        sourceKeys.map((key) => key.replace('/kiln-source/', '')).sort(),
      );
      for (const key of sourceKeys) {
        const copy = s3.objects.get(key.replace('/kiln-source/', '/kiln-target/'))!;
        expect(copy.contentType, key).toBe(s3.objects.get(key)!.contentType);
        expect(copy.body.equals(s3.objects.get(key)!.body), key).toBe(true);
      }
      const restored = await createTestKiln({ ...target, KILN_DEMO_DELAY_MS: '0' });
      try {
        await expectRestored(restored, stored);
      } finally {
        await restored.close();
      }
    } finally {
      await s3.close();
    }
  });
});
