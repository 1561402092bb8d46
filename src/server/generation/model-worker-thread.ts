/**
 * The model worker thread (docs/decisions/0009): reads providers' streams away from the main
 * thread. The AI SDK parses every SSE chunk through several web streams and a schema; on the main
 * thread that work competes with every request and pays for the request-scoped
 * AsyncLocalStorage that Better Auth enables (a hook on every promise). Text is posted back
 * coalesced for COALESCE_MS (coalesce.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config.ts';
import { resolveModel } from '../ai/model.ts';
import { createCoalescer } from './coalesce.ts';
import { readModelText } from './model-stream.ts';
import type { ToModelWorker, FromModelWorker } from './model-worker-protocol.ts';

const COALESCE_MS = 2;

const port = parentPort;
if (!port) throw new Error('model-worker-thread.ts runs in a worker thread');
const modelReady = resolveModel((workerData as { ai: Config['ai'] }).ai);
const running = new Map<number, AbortController>();

const post = (message: FromModelWorker) => port.postMessage(message);

async function read(id: number, prompt: Extract<ToModelWorker, { type: 'read' }>['prompt']): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  const texts = createCoalescer((text) => post({ type: 'text', id, text }), COALESCE_MS);
  try {
    const { model } = await modelReady;
    const reason = await readModelText(model, prompt, controller.signal, (text) => texts.push(text), {
      onUsage: (usage) => post({ type: 'usage', id, usage }),
    });
    texts.flush();
    post({ type: 'done', id, reason });
  } catch (error) {
    texts.flush();
    post({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });
  } finally {
    running.delete(id);
  }
}

port.on('message', (message: ToModelWorker) => {
  if (message.type === 'read') void read(message.id, message.prompt);
  else running.get(message.id)?.abort(new Error('Generation aborted'));
});
