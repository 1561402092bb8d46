import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the working directory (templates, drizzle, dist live here). */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const WEB_ROOT = path.join(REPO_ROOT, 'dist', 'web');
