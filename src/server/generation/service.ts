import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { and, eq } from 'drizzle-orm';
import { EMPTY_SNAPSHOT, parseSnapshot, type Snapshot } from '../../core/artifact/index.ts';
import { INVALID_VERSION, isVersionNumber } from '../../core/chats/index.ts';
import { isFramework, type Framework } from '../../core/frameworks/index.ts';
import { buildContinuePrompt, canContinueVersion, CONTINUE_PROMPT } from '../../core/snapshot/index.ts';
import { validatePrompt } from '../../core/validation/index.ts';
import { isStorableText, UNSTORABLE_TEXT } from '../../core/validation/storable-text.ts';
import {
  costOf,
  priceOf,
  type MonthlyBudgets,
  type PriceTable,
  type TokenUsage,
} from '../../core/costs/index.ts';
import { autofixRoundsFor, type AutofixMark } from '../../core/autofix/index.ts';
import { ERRORS } from '../../core/errors.ts';
import { PLANS } from '../../core/plans/index.ts';
import { readInstructions, withInstructions } from '../../core/instructions/index.ts';
import type { ResolvedModel } from '../ai/model.ts';
import { requireChat, requireChatAccess, requireUser } from '../chats/access.ts';
import { requireBudgetLeft } from '../costs/spending.ts';
import type { Database } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';
import type { RequestViewer } from '../http/viewer.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ServiceError } from '../http/errors.ts';
import { capReached } from '../limits/index.ts';
import type { Realtime } from '../realtime/events.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { acceptAttachments, deleteAttachments, storeAttachments } from './attachments.ts';
import { addUsage, askForWholeFiles } from './edit-retry.ts';
import { finishVersion, type EndReason } from './finish.ts';
import type { ProjectFixDeps } from './project-fixes.ts';
import { observeGenerationFinished, observeGenerationStarted } from '../observability/metrics.ts';
import type { AttachedFile } from './version-assets.ts';
import { startFlusher } from './flusher.ts';
import { buildModelPrompt } from './model-input.ts';
import type { ElementSelection } from './selection.ts';
import { readModelText } from './model-stream.ts';
import type { ModelReader } from './model-worker.ts';
import {
  consumeVersionQuota,
  limitExceeded,
  quotaStatus,
  quotaWindowStart,
  type QuotaOwner,
} from './quota.ts';
import { loadStartState, type StartState } from './start-state.ts';
import { GenerationRegistry, RunningGeneration } from './running.ts';
import { GENERATION_LEASE_MS, GenerationClaims, HEARTBEAT_MS, type ChatClaim } from './claims.ts';
import { recoverInterruptedMessage, recoverInterruptedVersions } from './recover.ts';
import { announceStoredText, GENERATIONS_CHANNEL } from './remote.ts';

export interface GenerationRequest {
  chatId: string;
  prompt: string;
  /** The version being viewed: its snapshot is the base of the new version. */
  selectedVersion?: number;
  files: File[];
  /** 'continue' = Continue generation after a length or error finish. */
  action?: 'continue';
  /** An element picked in the preview (issue 17 item 2); not for a continuation. */
  selection?: ElementSelection;
  /** What the model is sent instead of the prompt (a clone's extracted page, issue 19 item 2). */
  modelPrompt?: string;
  /** Images Kiln made itself (a clone's screenshot): checked as any image, whatever the plan. */
  referenceFiles?: File[];
  /**
   * The start's read, made before the body was read (`readEarly`, the chat in the address): used
   * when it is what this request needs (see `startInSlot`), else the start reads again.
   */
  early?: EarlyStart;
  /**
   * A repair round Kiln started after the version's build failed (autofix.ts): it spends none of
   * the plan's versions, and the chat shows it by its label rather than the prompt Kiln wrote.
   */
  autofix?: Required<AutofixMark>;
}

/** What `readEarly` read, and when (the quota window and the budget month are of that moment). */
export interface EarlyStart {
  chatId: string;
  now: Date;
  state: StartState | null;
}

export interface GenerationDeps {
  db: Database;
  blobs: BlobStore;
  realtime: Realtime;
  model: ResolvedModel;
  /** Where the model's stream is read (the model worker); default: this thread. */
  readModel?: ModelReader;
  timeoutMs: number;
  /** Called when a version is stored (the preview builder queues its build). */
  onVersionFinished?: (chatId: string, version: number) => Promise<void>;
  /** Called once a generation is accepted and the model asked (the builder prepares its standby meanwhile). */
  onGenerationStarting?: (framework: Framework) => void;
  /** The system prompt's section for the chat's enabled integrations (issue 16 item 3). */
  integrationGuidance?: (chatId: string, framework: Framework) => Promise<string>;
  /** Prices of answers and each plan's monthly budget (issue 17 item 3); default: no prices, no budgets. */
  costs?: { prices: PriceTable; monthlyBudgets: MonthlyBudgets };
  /**
   * Generations one user may run at once (KILN_RATE_LIMITS `generation-running`, issue 21 item 2),
   * counted in every process through the chats' claims (claims.ts); null or unset: no cap.
   */
  maxRunningPerUser?: number | null;
  /**
   * What Kiln's fixes of a finished version need (project-fixes.ts: packages imported but not
   * declared are added to package.json, decision 0056); unset: versions are stored as derived.
   */
  projectFixes?: ProjectFixDeps;
  /** KILN_AUTOFIX_ROUNDS: rounds a failed build of a model-written version may take (default 0: none). */
  autofixRounds?: number;
}

/** Starts, streams, stops and finishes generations; one per chat at a time. */
export class GenerationService {
  /** The generations this process streams. */
  readonly registry = new GenerationRegistry();
  /** Every process's generations: one per chat (claims.ts). */
  readonly claims: GenerationClaims;
  private readonly pending = new Set<Promise<void>>();
  /** Generations of each user between the cap check and the registry's claim. */
  private readonly starting = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly stopRequests: () => void;

  constructor(private readonly deps: GenerationDeps) {
    this.claims = new GenerationClaims(deps.db, (messageId) =>
      recoverInterruptedMessage(deps.db, deps.blobs, messageId),
    );
    let beats = 0;
    this.heartbeat = setInterval(() => {
      const streaming = this.registry.all().map((generation) => generation.messageId);
      this.claims.renew(streaming).catch((error: unknown) => {
        console.error('Could not renew the running generations', String(error));
      });
      // Once a lease: end the versions of processes that died (their claims ran out).
      if (++beats % Math.round(GENERATION_LEASE_MS / HEARTBEAT_MS) === 0) {
        recoverInterruptedVersions(deps.db, deps.blobs).catch((error: unknown) => {
          console.error('Could not end abandoned generations', String(error));
        });
      }
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    // A stop asked through another process reaches the one that streams (issue 20 item 2).
    this.stopRequests = deps.realtime.subscribe(GENERATIONS_CHANNEL, (event) => {
      if (event.type !== 'generation-stop') return;
      if ('chatId' in event.target) this.registry.get(event.target.chatId)?.stop(event.reason);
      else this.registry.stopAllOf(event.target.userId, event.reason);
    });
  }

  /**
   * Every check happens here, before anything is stored: auth, the permission policy, prompt,
   * attachments, running generation, versions per component, budget, quota — on what one read
   * returns (start-state.ts). Then one write claims the chat and stores the user message and an
   * empty assistant message (the model's prompt is built meanwhile), and the model is called in
   * the background: two round trips before the model is asked (issue 34 item 3).
   */
  async start(viewer: RequestViewer, request: GenerationRequest): Promise<RunningGeneration> {
    const slot = this.reserveSlot(requireUser(viewer).id);
    try {
      return await this.startInSlot(viewer, request, slot);
    } finally {
      slot.release();
    }
  }

  /**
   * The start's read for the chat in the request's address, before its body is read: the chat is
   * checked (a refusal reads no upload) with the same round trip that reads what every other check
   * needs, for the latest version; `start` uses it when it is what the request needs.
   */
  async readEarly(viewer: RequestViewer, chatId: string): Promise<EarlyStart> {
    const now = new Date();
    const state = await this.readStartState(viewer, { chatId, withContent: false, now });
    requireChatAccess(viewer, state?.chat ?? null, 'edit');
    return { chatId, now, state };
  }

  /** The read every check of a start needs (start-state.ts), for this viewer's plan. */
  private readStartState(
    viewer: RequestViewer,
    input: { chatId: string; selectedVersion?: number; withContent: boolean; now: Date },
  ) {
    const user = requireUser(viewer);
    const owner = { userId: user.id, plan: viewer.plan, periodStart: viewer.periodStart };
    const hasBudget = this.deps.costs?.monthlyBudgets[viewer.plan.id] !== undefined;
    return loadStartState(this.deps.db, {
      chatId: input.chatId,
      userId: user.id,
      selectedVersion: input.selectedVersion,
      windowStart: quotaWindowStart(owner, input.now),
      withContent: input.withContent,
      withSpending: hasBudget ? { now: input.now } : undefined,
    });
  }

  private async startInSlot(
    viewer: RequestViewer,
    request: GenerationRequest,
    slot: { release(): void },
  ): Promise<RunningGeneration> {
    const { db } = this.deps;
    const user = requireUser(viewer);
    const capability = request.action === 'continue' ? 'continueGeneration' : 'edit';
    const owner = { userId: user.id, plan: viewer.plan, periodStart: viewer.periodStart };
    const { selectedVersion } = request;
    if (selectedVersion !== undefined && !isVersionNumber(selectedVersion)) {
      throw new ServiceError(400, INVALID_VERSION.code, INVALID_VERSION.message);
    }
    const budgetUsd = this.deps.costs?.monthlyBudgets[viewer.plan.id];
    // Every read the checks need, in one round trip (start-state.ts). The read made before the
    // body (the chat in the address) is this request's when it read the same: the latest version
    // or the one asked for, no text to continue, and no upload that may have taken long since.
    const { early } = request;
    const isEarlyRead =
      early !== undefined &&
      early.chatId === request.chatId &&
      request.action !== 'continue' &&
      request.files.length === 0 &&
      (request.referenceFiles ?? []).length === 0 &&
      (selectedVersion === undefined || selectedVersion === early.state?.base?.version);
    const now = isEarlyRead ? early.now : new Date();
    const state = isEarlyRead
      ? early.state
      : await this.readStartState(viewer, {
          chatId: request.chatId,
          selectedVersion,
          withContent: request.action === 'continue',
          now,
        });
    const chat = requireChatAccess(viewer, state?.chat ?? null, capability);
    // Building on a version that does not exist would generate from nothing (and spend quota).
    if (selectedVersion !== undefined && !state?.base) {
      throw new ServiceError(404, 'version-not-found', `Version #${selectedVersion} does not exist.`);
    }
    const framework = isFramework(chat.framework) ? chat.framework : 'react';
    const baseMessage = state?.base ?? null;
    const stats = { versions: state?.versions ?? 0, highest: state?.highest ?? 0 };

    const running = this.registry.get(chat.id);
    const holder = running && !running.isEnded ? running.version : (state?.claimedVersion ?? null);
    if (holder !== null) {
      throw new ServiceError(409, 'generation-in-progress', 'A version is already being generated.', {
        version: holder,
      });
    }

    let prompt = request.prompt;
    // A continuation is stored as the spec's text (the chat shows it as 'Continue generation');
    // the model is sent the full prompt with the cut-off answer's tail.
    let modelText: string | null = request.modelPrompt ?? null;
    if (request.action === 'continue') {
      const version = selectedVersion ?? stats.highest;
      const finishReason = baseMessage?.finishReason ?? null;
      if (!baseMessage || !canContinueVersion({ finishReason, version, latestVersion: stats.highest })) {
        throw new ServiceError(
          409,
          'nothing-to-continue',
          'Only the newest version can be continued, and only when its answer was cut off.',
        );
      }
      prompt = CONTINUE_PROMPT;
      modelText = buildContinuePrompt(baseMessage.content);
    }
    const checked = validatePrompt(prompt, viewer.plan);
    if (!checked.ok) throw ServiceError.fromUserError(checked.error);
    prompt = checked.value;

    const attachments = [
      ...(await acceptAttachments(request.files, viewer.plan)),
      ...(await acceptAttachments(request.referenceFiles ?? [], PLANS.premium)),
    ];
    if (!isStorableText(prompt) || attachments.some((file) => !isStorableText(file.name))) {
      throw new ServiceError(400, UNSTORABLE_TEXT.code, UNSTORABLE_TEXT.message);
    }

    if (stats.versions >= viewer.plan.maxVersionsPerComponent) {
      const error = ERRORS.moreThanXVersions(viewer.plan.maxVersionsPerComponent);
      throw new ServiceError(409, error.code, error.message, {
        title: error.title,
        max: viewer.plan.maxVersionsPerComponent,
      });
    }
    requireBudgetLeft({ budgetUsd, spentUsd: state?.spentUsd ?? 0, now });
    const cap = this.deps.maxRunningPerUser;
    if (cap !== undefined && cap !== null && (state?.runningOfUser ?? 0) >= cap) {
      throw capReached('generation-running', cap);
    }
    // A repair round is Kiln's, not the person's: it spends tokens and dollars, not versions.
    // Past the plan's limit an extra credit is spent; without one, refused before any write.
    const quota = quotaStatus(owner, now, state?.used ?? 0);
    const needsCredit = !request.autofix && quota.isExceeded;
    if (needsCredit && (state?.credits ?? 0) <= 0) throw limitExceeded(owner, quota);

    const version = stats.highest + 1;
    const messageId = crypto.randomUUID();
    // The files first: a store that cannot take them (disk full) refuses before a credit is spent.
    const files = await storeAttachments(this.deps.blobs, chat.id, attachments);
    // The answer's place in Kiln's repair rounds (its build failing starts the next one); a
    // continuation finishes a cut-off answer, which Kiln never repairs.
    const rounds = autofixRoundsFor(this.deps.autofixRounds ?? 0, viewer.plan);
    const answerMark: AutofixMark | null = request.autofix
      ? { round: request.autofix.round, of: request.autofix.of }
      : request.action === 'continue' || rounds === 0
        ? null
        : { round: 0, of: rounds };
    const claim = { chatId: chat.id, messageId, userId: user.id, version };
    const rows: (typeof messages.$inferInsert)[] = [
      {
        id: crypto.randomUUID(),
        chatId: chat.id,
        userId: user.id,
        role: 'user',
        version,
        content: prompt,
        files,
        autofix: request.autofix ?? null,
      },
      {
        id: messageId,
        chatId: chat.id,
        userId: user.id,
        role: 'assistant',
        version,
        content: '',
        autofix: answerMark,
      },
    ];
    // The chat's slot and both messages are stored before the model is asked (a refusal — the
    // chat taken meanwhile, the version number taken by another writer, the credit gone — never
    // reaches it); while that round trip is under way, the model's prompt is built.
    const storing = this.storeStart(claim, rows, needsCredit ? { owner, now, used: state?.used ?? 0 } : null)
      .then(() => null)
      .catch(async (error: unknown) => {
        await deleteAttachments(this.deps.blobs, files).catch(() => undefined);
        return { error };
      });
    const undo = async () => {
      await db.delete(messages).where(and(eq(messages.chatId, chat.id), eq(messages.version, version)));
      await this.claims.release(chat.id, messageId).catch(() => undefined);
      await deleteAttachments(this.deps.blobs, files).catch(() => undefined);
    };
    const stored = baseMessage?.artifactCode ? parseSnapshot(baseMessage.artifactCode) : null;
    // A chat's first version starts from its owner's default instructions (decision 0045).
    const defaults = stored ? '' : (state?.defaultInstructions ?? '');
    const base: Snapshot | null =
      stored ?? (defaults === '' ? null : withInstructions(EMPTY_SNAPSHOT, defaults));
    let modelPrompt: LanguageModelV3Prompt;
    try {
      modelPrompt = await buildModelPrompt({
        framework,
        snapshot: base,
        prompt: modelText ?? prompt,
        attachments,
        acceptsPdf: this.deps.model.acceptsPdf,
        integrationGuidance: state?.hasIntegrations
          ? await this.deps.integrationGuidance?.(chat.id, framework)
          : undefined,
        instructions: readInstructions(base),
        selection: request.action === 'continue' ? undefined : request.selection,
      });
    } catch (error) {
      // Nothing was asked of the model: a refused start says why; a stored one is undone, or
      // the chat would stay 'generating'.
      const outcome = await storing;
      if (outcome) throw outcome.error;
      await undo();
      throw error;
    }
    const refused = await storing;
    if (refused) throw refused.error;

    const generation = new RunningGeneration(chat.id, version, user.id, messageId);
    if (this.registry.claim(generation)) {
      // Lost a race with another request of the same chat: undo this version.
      await undo();
      throw new ServiceError(409, 'generation-in-progress', 'A version is already being generated.');
    }
    // The registry counts it from here, in the same synchronous step.
    slot.release();
    // The model is asked first (run() posts the request before its first await); the rest
    // follows while it answers.
    const attached = attachments.map(({ name, bytes }) => ({ name, bytes }));
    const task = this.run(generation, modelPrompt, base, attached, framework).finally(() =>
      this.pending.delete(task),
    );
    this.pending.add(task);
    this.deps.realtime.publish({ type: 'generation', chatId: chat.id, version, state: 'started' });
    observeGenerationStarted(generation);
    this.deps.onGenerationStarting?.(framework);
    return generation;
  }

  /**
   * Stores a start: the chat's claim and the version's messages in one statement
   * (claims.ts), or — when that is refused, or an extra credit must be spent between them — step
   * by step: the claim (taking over an abandoned one, or naming the version that holds the chat),
   * the credit, then the messages; the claim is released when a later step fails.
   */
  private async storeStart(
    claim: ChatClaim,
    rows: (typeof messages.$inferInsert)[],
    credit: { owner: QuotaOwner; now: Date; used: number } | null,
  ): Promise<void> {
    if (!credit && (await this.claims.claimWithMessages(claim, rows))) return;
    const claimed = await this.claims.claim(claim);
    if (!claimed.ok) {
      throw new ServiceError(409, 'generation-in-progress', 'A version is already being generated.', {
        version: claimed.version,
      });
    }
    try {
      if (credit) await consumeVersionQuota(this.deps.db, credit.owner, credit.now, credit.used);
      // A version made without the AI (restore, instructions, text edit, a pull) may have taken
      // this number since it was read: the unique (chat, role, version) index refuses the
      // insert, and the person is told, not a 500.
      await this.deps.db
        .insert(messages)
        .values(rows)
        .catch((error: unknown) => {
          if (isUniqueViolation(error))
            throw new ServiceError(409, 'generation-in-progress', 'A version is already being generated.');
          throw error;
        });
    } catch (error) {
      await this.claims.release(claim.chatId, claim.messageId).catch(() => undefined);
      throw error;
    }
  }

  private async run(
    generation: RunningGeneration,
    prompt: LanguageModelV3Prompt,
    base: Snapshot | null,
    attachments: AttachedFile[],
    framework: Framework,
  ): Promise<void> {
    const { db, realtime } = this.deps;
    const flusher = startFlusher(db, generation, (offset, delta) =>
      announceStoredText(realtime, generation, offset, delta),
    );
    let reason: EndReason = 'error';
    const signal = AbortSignal.any([generation.controller.signal, AbortSignal.timeout(this.deps.timeoutMs)]);
    let usage: TokenUsage | null = null;
    // Files whose failed edit the answer names while Kiln asks for them in full (decision 0044).
    const notedEdits = new Set<string>();
    try {
      const onText = (text: string) => generation.append(text);
      // A whole-file request after a failed edit is part of the same answer: its tokens add up.
      const onUsage = (reported: TokenUsage) => (usage = usage ? addUsage(usage, reported) : reported);
      const read = (request: LanguageModelV3Prompt) =>
        this.deps.readModel
          ? this.deps.readModel(request, signal, onText, onUsage)
          : readModelText(this.deps.model.model, request, signal, onText, { onUsage });
      const finish = await read(prompt);
      if (finish !== null) reason = finish;
      if (reason === 'stop' && !signal.aborted) {
        reason = await askForWholeFiles({ prompt, base, generation, read, signal, noted: notedEdits });
      }
    } catch (error) {
      reason = 'error';
      if (!signal.aborted)
        console.error(`Generation ${generation.chatId}#${generation.version} failed:`, String(error));
    }
    if (signal.aborted) reason = 'error';
    await flusher.stop();
    let finished: Awaited<ReturnType<typeof finishVersion>> | null = null;
    try {
      finished = await finishVersion(db, {
        chatId: generation.chatId,
        version: generation.version,
        messageId: generation.messageId,
        text: generation.text(),
        reason,
        base,
        notedEdits,
        // The model may place the message's attachments as files of the app.
        assets: { blobs: this.deps.blobs, attachments: async () => attachments },
        cost: this.costOfAnswer(usage),
        project: this.deps.projectFixes ? { framework, fixes: this.deps.projectFixes } : undefined,
      });
    } catch (error) {
      console.error('Could not store the finished version', error);
    } finally {
      // The chat is free before readers end: a reader's next prompt is not refused as running.
      await this.claims.release(generation.chatId, generation.messageId).catch((error: unknown) => {
        console.error('Could not release the generation claim', String(error));
      });
      // Readers end as soon as the version is stored; events and the build request follow.
      generation.end();
      this.registry.release(generation);
    }
    realtime.publish({
      type: 'generation',
      chatId: generation.chatId,
      version: generation.version,
      state: 'finished',
      finishReason: finished?.kept ? finished.finishReason : 'error',
    });
    observeGenerationFinished(generation, finished?.kept ? finished.finishReason : 'error');
    if (finished?.kept) {
      await this.deps.onVersionFinished?.(generation.chatId, generation.version).catch((error: unknown) => {
        console.error('Could not request the preview build', error);
      });
    }
  }

  /**
   * Holds one of the user's `maxRunningPerUser` places from the first check to the registry's
   * claim, so requests arriving together cannot all pass while their messages are stored; 429
   * `too-many-generations` when none is left, before anything is stored or spent.
   */
  private reserveSlot(userId: string): { release(): void } {
    const cap = this.deps.maxRunningPerUser;
    const starting = this.starting.get(userId) ?? 0;
    if (cap !== undefined && cap !== null && this.registry.runningOf(userId) + starting >= cap) {
      throw capReached('generation-running', cap);
    }
    this.starting.set(userId, starting + 1);
    let isHeld = true;
    return {
      release: () => {
        if (!isHeld) return;
        isHeld = false;
        const left = (this.starting.get(userId) ?? 1) - 1;
        if (left > 0) this.starting.set(userId, left);
        else this.starting.delete(userId);
      },
    };
  }

  /** The model, the provider's token counts and their price at this moment's price table. */
  private costOfAnswer(usage: TokenUsage | null) {
    const modelId = this.deps.model.id;
    const price = this.deps.costs ? priceOf(this.deps.costs.prices, modelId) : null;
    return { modelId, usage, costUsd: usage && price ? costOf(usage, price) : null };
  }

  /** Explicit stop by the owner: the partial answer is kept with an error finish reason. */
  async stop(viewer: RequestViewer, chatId: string): Promise<boolean> {
    await requireChat(this.deps.db, viewer, chatId, 'edit');
    const running = this.registry.get(chatId);
    if (running && !running.isEnded) {
      running.stop('stopped');
      return true;
    }
    // Streaming in another process: that one stops it when the request comes.
    if (!(await this.claims.current(chatId))) return false;
    this.requestStop({ chatId }, 'stopped');
    return true;
  }

  /** Signing out stops the user's generations in every process (spec §4). */
  stopAllOf(userId: string): number {
    this.requestStop({ userId }, 'signed-out');
    return this.registry.stopAllOf(userId, 'signed-out');
  }

  private requestStop(target: { chatId: string } | { userId: string }, reason: string): void {
    this.deps.realtime.publish({ type: 'generation-stop', chatId: GENERATIONS_CHANNEL, target, reason });
  }

  /** Waits for running generations (tests, shutdown). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  /**
   * Shutdown: running generations may finish for up to `graceMs` (the answers people wait for),
   * then the rest stop with their text so far stored (continuable).
   */
  async close(graceMs = 0): Promise<void> {
    this.stopRequests();
    if (graceMs > 0 && this.pending.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.settle(), new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    }
    for (const generation of this.registry.all()) generation.stop('shutdown');
    await this.settle();
    clearInterval(this.heartbeat);
  }
}
