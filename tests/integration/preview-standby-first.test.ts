/**
 * Issue 35 item 6: a person's first preview of a framework is a standby build. Standbys start on
 * demand (decision 0052), so before this the first build of each framework since start was a cold
 * one (Angular: ~15 s quiet, 30–46 s loaded). A generation now prepares its framework's standby
 * while the model answers, and the version's build waits for that standby instead of building
 * cold beside it. Shown with Vue (the same path as Angular's, a fraction of its cost in CI).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/server/db/schema/index.ts';
import { createChat, generate, signedUpUser } from './generation-helpers.ts';
import { createPreviewKiln, waitForBuild, type TestKiln } from './preview-helpers.ts';

describe("a framework's first preview since start (issue 35 item 6)", () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createPreviewKiln({ KILN_PREVIEW_STANDBY: 'true' });
    kiln.services.preview.start();
    // The store is warm; no framework has been built, so no standby has been started yet.
    await kiln.services.preview.storeWarm();
  });
  afterAll(async () => kiln?.close());

  it("the first version's build takes the standby its generation started", async () => {
    const person = await signedUpUser(kiln);
    const chat = await createChat(person.client, 'vue', 'A pricing table');
    const { response, version } = await generate(person.client, { id: chat.id, prompt: 'A pricing table' });
    expect(response.status).toBe(200);
    expect(await waitForBuild(kiln, chat.id, version)).toEqual({ status: 'ready' });
    const [job] = await kiln.services.db
      .select({ result: jobs.result })
      .from(jobs)
      .where(eq(jobs.key, `preview:${chat.id}:${version}`));
    const timings = (job?.result as { timings?: Record<string, number> } | null)?.timings ?? {};
    expect(timings.standby).toBe(1);
    expect(timings.installMs).toBeUndefined();
  });
});
