import { createCoalescer } from './coalesce.ts';

const encoder = new TextEncoder();
/** A reader gets a delta at once when nothing was sent to it for this long. */
const COALESCE_MS = 4;

/**
 * One generation in progress: the text so far, in memory, fanned out to every reader (the HTTP
 * response that started it, and any client that re-attaches after a reload). Readers that go
 * away never stop the generation; only `stop()` (owner, sign-out, timeout) does.
 */
export class RunningGeneration {
  private readonly chunks: string[] = [];
  /** ends[i] = text length after chunk i: the tail from any offset costs only its own size. */
  private readonly ends: number[] = [];
  private length = 0;
  private readonly readers = new Set<(delta: string | null) => void>();
  private ended = false;
  readonly controller = new AbortController();
  /** Why it was stopped, when it was ('stopped' by the owner, 'signed-out'). */
  stopReason: string | null = null;

  constructor(
    readonly chatId: string,
    readonly version: number,
    readonly userId: string,
    readonly messageId: string,
  ) {}

  get textLength(): number {
    return this.length;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** The text from `from` on (the flusher asks for what it has not written yet). */
  text(from = 0): string {
    if (from >= this.length) return '';
    // First chunk that ends after `from` (binary search over the running lengths).
    let low = 0;
    let high = this.ends.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.ends[mid]! > from) high = mid;
      else low = mid + 1;
    }
    const chunkStart = low === 0 ? 0 : this.ends[low - 1]!;
    const tail = this.chunks.slice(low).join('');
    return from === chunkStart ? tail : tail.slice(from - chunkStart);
  }

  append(delta: string): void {
    if (this.ended || delta === '') return;
    this.chunks.push(delta);
    this.length += delta.length;
    this.ends.push(this.length);
    for (const reader of this.readers) reader(delta);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const reader of this.readers) reader(null);
    this.readers.clear();
  }

  stop(reason: string): void {
    if (this.stopReason === null) this.stopReason = reason;
    this.controller.abort(new Error(`Generation ${reason}`));
  }

  /**
   * A byte stream of the whole text so far, then every new delta (coalesced for COALESCE_MS,
   * coalesce.ts), closing when it ends.
   */
  stream(): ReadableStream<Uint8Array> {
    let listener: ((delta: string | null) => void) | undefined;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        const sofar = this.text();
        if (sofar) controller.enqueue(encoder.encode(sofar));
        if (this.ended) {
          controller.close();
          return;
        }
        const deltas = createCoalescer((text) => controller.enqueue(encoder.encode(text)), COALESCE_MS);
        listener = (delta) => {
          if (delta !== null) {
            deltas.push(delta);
            return;
          }
          deltas.flush();
          controller.close();
        };
        this.readers.add(listener);
      },
      cancel: () => {
        if (listener) this.readers.delete(listener);
      },
    });
  }
}

/** The generations running in this process, at most one per chat. */
export class GenerationRegistry {
  private readonly byChat = new Map<string, RunningGeneration>();

  get(chatId: string): RunningGeneration | undefined {
    return this.byChat.get(chatId);
  }

  /** Registers a generation, or returns the one already running for the chat. */
  claim(generation: RunningGeneration): RunningGeneration | null {
    const existing = this.byChat.get(generation.chatId);
    if (existing && !existing.isEnded) return existing;
    this.byChat.set(generation.chatId, generation);
    return null;
  }

  /** Generations this user has running in this process (the per-user cap, issue 21 item 2). */
  runningOf(userId: string): number {
    let count = 0;
    for (const generation of this.byChat.values()) {
      if (generation.userId === userId && !generation.isEnded) count++;
    }
    return count;
  }

  release(generation: RunningGeneration): void {
    if (this.byChat.get(generation.chatId) === generation) this.byChat.delete(generation.chatId);
  }

  /** Signing out stops the user's generations (spec §4). */
  stopAllOf(userId: string, reason: string): number {
    let stopped = 0;
    for (const generation of this.byChat.values()) {
      if (generation.userId === userId) {
        generation.stop(reason);
        stopped++;
      }
    }
    return stopped;
  }

  all(): RunningGeneration[] {
    return [...this.byChat.values()];
  }
}
