import { and, eq } from 'drizzle-orm';
import {
  buildClonePrompt,
  CLONE_TEXTS,
  cloneStep,
  fallbackNotice,
  parseCloneUrl,
  type CloneState,
} from '../../core/clone/index.ts';
import type { Framework } from '../../core/frameworks/index.ts';
import { validatePrompt } from '../../core/validation/index.ts';
import { planOf } from '../billing/active-subscription.ts';
import type { BrowserService } from '../browser/index.ts';
import { requireChat, requireUser } from '../chats/access.ts';
import { createChat } from '../chats/create.ts';
import type { Database } from '../db/client.ts';
import { messages, users } from '../db/schema/index.ts';
import type { JobRow } from '../db/schema/jobs.ts';
import type { GenerationService } from '../generation/service.ts';
import { ServiceError } from '../http/errors.ts';
import type { RequestViewer } from '../http/viewer.ts';
import { createWorker, JobQueue, type JobContext, type Worker } from '../jobs/index.ts';
import type { Realtime } from '../realtime/events.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { analyseWebsite, AnalysisFailedError } from './analyse.ts';
import type { FetchPage } from './fetch-page.ts';

export const CLONE_JOB = 'clone-analysis';
/** Spec §3: version -1 marks a clone whose first version is not there yet. */
export const CLONE_PLACEHOLDER_VERSION = -1;
const cloneKey = (chatId: string) => `clone:${chatId}`;
export const cloneScreenshotKey = (chatId: string) => `clones/${chatId}.jpg`;
export const cloneScreenshotUrl = (chatId: string) => `/api/chats/${chatId}/clone/screenshot.jpg`;

export interface CloneDeps {
  db: Database;
  blobs: BlobStore;
  realtime: Realtime;
  browser: BrowserService;
  fetchPage: FetchPage;
  generation: GenerationService;
  /** KILN_ROLE=web leaves the analyses to the worker processes (default: run them here). */
  runsWorker?: boolean;
  log?: (message: string) => void;
}

export interface CloneService {
  /** Creates the clone chat (clone_url, the version -1 placeholder) and queues its analysis. */
  start(
    viewer: RequestViewer,
    input: { url: string; prompt: string; framework: Framework },
  ): Promise<{ id: string; slug: string }>;
  /** The chat's clone progress (null when it is not a clone or has no analysis). */
  state(viewer: RequestViewer, chatId: string): Promise<CloneState | null>;
  /** Settles once the running analyses are done (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Payload of a clone job. */
interface ClonePayload {
  chatId: string;
  url: string;
  prompt: string;
  userId: string;
}

/**
 * Issue 19 item 2. The analysis runs as a job (jobs table: a reload or another tab reads its
 * state; a process that dies leaves it to the next one), its steps go to every open tab as
 * realtime 'clone' events, and its end starts the chat's first real version with the
 * screenshot as an image part and the extracted content in the model's prompt.
 */
export function createCloneService(deps: CloneDeps): CloneService {
  const queue = new JobQueue(deps.db);
  const log = deps.log ?? ((message: string) => console.log(message));
  const running = new Set<Promise<unknown>>();
  const worker: Worker = createWorker({
    queue,
    handlers: {
      [CLONE_JOB]: (job, context) => {
        const task = runClone(job, context);
        running.add(task);
        return task.finally(() => running.delete(task));
      },
    },
    concurrency: 2,
    // An analysis is one page; a second attempt after a crash is enough.
    log,
  });
  if (deps.runsWorker ?? true) worker.start();

  async function runClone(job: JobRow, context: JobContext): Promise<Record<string, unknown>> {
    const payload = job.payload as unknown as ClonePayload;
    const state: CloneState = {
      url: payload.url,
      status: 'running',
      step: 'initializing',
      percent: 0,
      notice: null,
      screenshot: null,
      error: null,
    };
    const publish = async () => {
      await context.progress(JSON.stringify(state));
      deps.realtime.publish({ type: 'clone', chatId: payload.chatId, state: { ...state } });
    };
    try {
      const analysis = await analyseWebsite(
        payload.url,
        { browser: deps.browser, fetchPage: deps.fetchPage, log },
        async (step) => {
          state.step = step;
          state.percent = cloneStep(step).percent;
          await publish();
        },
        async (reason) => {
          state.notice = fallbackNotice(reason);
          await publish();
        },
      );
      if (analysis.screenshot) {
        await deps.blobs.put(cloneScreenshotKey(payload.chatId), analysis.screenshot, 'image/jpeg');
        state.screenshot = cloneScreenshotUrl(payload.chatId);
      }
      state.status = 'done';
      state.percent = 100;
      await publish();
      await startFirstVersion(payload, analysis.page, analysis.screenshot);
      // Spec §3 "Clone analysis result".
      return {
        success: true,
        data: { screenshot: state.screenshot, markdown: analysis.page.markdown, html: analysis.page.html },
        error: null,
        via: analysis.via,
        state,
      };
    } catch (error) {
      state.status = 'failed';
      state.error =
        error instanceof AnalysisFailedError ? `${CLONE_TEXTS.failed}: ${error.message}` : errorText(error);
      await publish();
      await removePlaceholder(payload.chatId);
      return { success: false, data: null, error: state.error, state };
    }
  }

  async function removePlaceholder(chatId: string): Promise<boolean> {
    const removed = await deps.db
      .delete(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.version, CLONE_PLACEHOLDER_VERSION)))
      .returning({ id: messages.id });
    return removed.length > 0;
  }

  async function startFirstVersion(
    payload: ClonePayload,
    page: Parameters<typeof buildClonePrompt>[0],
    screenshot: Buffer | null,
  ) {
    const [user] = await deps.db
      .select({ id: users.id, name: users.fullName, email: users.email })
      .from(users)
      .where(eq(users.id, payload.userId))
      .limit(1);
    if (!user) throw new Error('The clone’s owner no longer exists.');
    // Another attempt of this job already started the version (the placeholder is gone).
    if (!(await removePlaceholder(payload.chatId))) return;
    const viewer: RequestViewer = {
      user: { id: user.id, name: user.name ?? '', email: user.email },
      ...(await planOf(deps.db, user.id)),
    };
    const files = screenshot
      ? [new File([new Uint8Array(screenshot)], 'website-screenshot.jpg', { type: 'image/jpeg' })]
      : [];
    const request = payload.prompt.replace(payload.url, '').trim();
    await deps.generation.start(viewer, {
      chatId: payload.chatId,
      prompt: payload.prompt,
      files: [],
      referenceFiles: files,
      modelPrompt: buildClonePrompt(page, isOnlyCloneWords(request) ? '' : request, screenshot !== null),
    });
  }

  return {
    async start(viewer, input) {
      const user = requireUser(viewer);
      const url = parseCloneUrl(input.url);
      if (!url)
        throw new ServiceError(400, 'invalid-url', 'Enter a web address starting with http:// or https://.');
      const prompt = validatePrompt(input.prompt.trim() || url, viewer.plan);
      if (!prompt.ok) throw ServiceError.fromUserError(prompt.error);
      const chat = await createChat(deps.db, {
        userId: user.id,
        framework: input.framework,
        slugSource: new URL(url).hostname.replace(/^www\./, ''),
        cloneUrl: url,
      });
      await deps.db.insert(messages).values({
        id: crypto.randomUUID(),
        chatId: chat.id,
        userId: user.id,
        role: 'user',
        version: CLONE_PLACEHOLDER_VERSION,
        content: prompt.value,
      });
      const payload: ClonePayload = { chatId: chat.id, url, prompt: prompt.value, userId: user.id };
      await queue.enqueue({
        kind: CLONE_JOB,
        key: cloneKey(chat.id),
        payload: { ...payload },
        maxAttempts: 2,
      });
      worker.wake();
      return { id: chat.id, slug: chat.slug };
    },

    async state(viewer, chatId) {
      const chat = await requireChat(deps.db, viewer, chatId, 'view');
      if (!chat.cloneUrl) return null;
      const job = await queue.latest(cloneKey(chat.id));
      if (!job) return null;
      const result = job.result as { state?: CloneState } | null;
      if (result?.state) return result.state;
      if (job.status === 'failed') {
        return { ...initialState(chat.cloneUrl), status: 'failed', error: CLONE_TEXTS.failed };
      }
      if (job.progress) {
        try {
          return JSON.parse(job.progress) as CloneState;
        } catch {
          // an older progress format: the initial state
        }
      }
      return initialState(chat.cloneUrl);
    },

    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },

    async close() {
      await worker.close();
    },
  };
}

function initialState(url: string): CloneState {
  return {
    url,
    status: 'running',
    step: 'initializing',
    percent: 0,
    notice: null,
    screenshot: null,
    error: null,
  };
}

function isOnlyCloneWords(text: string): boolean {
  return /^(?:please\s+)?(?:clone|copy|recreate|replicate)?(?:\s*(?:a|the|this))?(?:\s*(?:website|site|page|web\s*page))?\s*:?$/i.test(
    text,
  );
}

function errorText(error: unknown): string {
  if (error instanceof ServiceError) return error.message;
  return CLONE_TEXTS.failed;
}
