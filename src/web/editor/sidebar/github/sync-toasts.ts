import { ERRORS } from '../../../../core/errors.ts';
import { ApiError } from '../../../lib/api.ts';
import type { PullResult, PushResult } from '../../../lib/codehost-types.ts';
import { describeSkippedFiles } from '../../../lib/skipped-files.ts';

/** Spec §9: 'Already Up-to-Date' stays 6 s. */
export const ALREADY_UP_TO_DATE_MS = 6000;

/** A toast: its tone, the title, an optional description and duration (else the app's 4 s). */
export interface SyncToast {
  tone: 'success' | 'info' | 'error';
  title: string;
  description?: string;
  duration?: number;
}

/** Spec §8: a server message containing 'No changes detected' or 'already up-to-date' (any case). */
export function isAlreadyUpToDate(message: string | null | undefined): boolean {
  return /no changes detected|already up-to-date/i.test(message ?? '');
}

function upToDate(description: string): SyncToast {
  return { tone: 'info', title: 'Already Up-to-Date', description, duration: ALREADY_UP_TO_DATE_MS };
}

/** After a push (or an 'Override GitHub'): what happened to the version on GitHub. */
export function pushToast(
  result: PushResult,
  input: { version: number; repo: string; force: boolean },
): SyncToast {
  if (isAlreadyUpToDate(result.message)) {
    return upToDate(`${input.repo} already has Version #${input.version} or a newer one.`);
  }
  const commit = result.commit ? ` (commit ${result.commit.slice(0, 7)})` : '';
  return input.force
    ? {
        tone: 'success',
        title: 'GitHub overridden',
        description: `Version #${input.version} replaced the branch on ${input.repo}${commit}.`,
      }
    : {
        tone: 'success',
        title: 'Pushed to GitHub',
        description: `Version #${input.version} is on ${input.repo}${commit}.`,
      };
}

/** After a pull: the new version (and what it left out), or 'Already Up-to-Date'. */
export function pullToast(result: PullResult, repo: string): SyncToast {
  if (result.version === null || isAlreadyUpToDate(result.message)) {
    return upToDate(`Nothing on ${repo} differs from the current version.`);
  }
  const skipped = describeSkippedFiles(result.skipped);
  return {
    tone: 'success',
    title: 'Pulled from GitHub',
    description: `Version #${result.version} was created from ${repo}.${skipped ? ` ${skipped}` : ''}`,
  };
}

export type SyncAction = 'create' | 'push' | 'force' | 'pull';

/** Spec §8 names 'Failed to create repository'; the other titles follow it. */
const FAILURE_TITLES: Record<SyncAction, string> = {
  create: 'Failed to create repository',
  push: 'Failed to push to GitHub',
  force: 'Failed to override GitHub',
  pull: 'Failed to pull from GitHub',
};

/**
 * The toast for a failed create, push, force push or pull: the server's title where it sent one
 * ('Failed to create repository' with GitHub's reason), else the action's title; the description
 * is the server's message. A refused push (409 `remote-changed`) says what to do next.
 */
export function syncFailureToast(action: SyncAction, error: unknown): SyncToast {
  if (error instanceof ApiError) {
    if (error.code === ERRORS.repositoryNameRequired.code) {
      return {
        tone: 'error',
        title: ERRORS.repositoryNameRequired.title,
        description: ERRORS.repositoryNameRequired.message,
      };
    }
    if (error.status === 402)
      return { tone: 'error', title: 'Premium feature required', description: error.message };
    if (error.code === 'remote-changed') {
      return { tone: 'error', title: error.title ?? 'GitHub has newer commits', description: error.message };
    }
    if (error.code === 'codehost-not-connected') {
      return { tone: 'error', title: 'GitHub not connected', description: error.message };
    }
    return { tone: 'error', title: error.title ?? FAILURE_TITLES[action], description: error.message };
  }
  return {
    tone: 'error',
    title: FAILURE_TITLES[action],
    description: error instanceof Error && error.message ? error.message : undefined,
  };
}

/** A push GitHub refused because it has commits made since the last sync (offer Pull or Override). */
export function isRemoteChanged(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'remote-changed';
}

/** GitHub refused the saved token on use: the tab goes back to 'GitHub not connected'. */
export function isNotConnected(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'codehost-not-connected';
}
