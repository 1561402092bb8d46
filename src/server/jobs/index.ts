export { JobQueue, QueueShareFull, type EnqueueInput } from './queue.ts';
export { createWorker, type JobContext, type JobHandler, type Worker, type WorkerOptions } from './worker.ts';
