import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A spec that holds something the whole server shares (the one fake Stripe Kiln's STRIPE_API_URL
 * names, which a spec may pause) runs alone among the specs holding the same `name`: the workers
 * run specs side by side (playwright.config.ts), so its `beforeAll` waits for the lock and its
 * `afterAll` calls the function returned to give it back. A lock whose worker died is taken over.
 */
export async function takeLock(name: string): Promise<() => void> {
  const root = path.join(process.env.KILN_E2E_DATA_DIR ?? '/tmp', 'e2e-locks');
  fs.mkdirSync(root, { recursive: true });
  const dir = path.join(root, name);
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'pid'), String(process.pid));
      return () => fs.rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (holderIsGone(dir)) fs.rmSync(dir, { recursive: true, force: true });
      else await sleep(250);
    }
  }
}

function holderIsGone(dir: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8'));
  } catch {
    return false; // just made: its holder writes the pid next
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}
