// Entry of the model worker thread (model-worker.ts). Worker threads do not inherit the main
// thread's TypeScript loader, so this plain module registers tsx before loading the thread's code.
import { register } from 'tsx/esm/api';

register();
await import('./model-worker-thread.ts');
