/**
 * Which files of a version travel to the code host (issue 15): the whole project as the zip has
 * it, but never an environment file (`.env`, `.env.local`, `.env.production`… at any depth) —
 * they hold the secrets integrations inject, and a pushed secret is a leaked secret.
 */
export function isEnvFile(path: string): boolean {
  const name = path.split('/').at(-1) ?? '';
  return name === '.env' || name.startsWith('.env.');
}

/** 'Kiln version #n: {prompt}', the prompt's first line cut to keep the subject short. */
export function versionCommitMessage(version: number, prompt: string | null | undefined): string {
  const firstLine = (prompt ?? '').trim().split(/\r?\n/)[0]?.trim() ?? '';
  const subject = `Kiln version #${version}`;
  if (firstLine === '') return subject;
  const room = 72 - subject.length - 2;
  const text = firstLine.length > room ? `${firstLine.slice(0, room - 1).trimEnd()}…` : firstLine;
  return `${subject}: ${text}`;
}
