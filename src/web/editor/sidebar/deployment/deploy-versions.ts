import { isDeployableVersion } from '../../../../core/hosting/deployable-version.ts';
import type { MessageView } from '../../data/chat-types.ts';

/** One entry of the version selector (spec §2 "Deployment tab"). */
export interface DeployVersionOption {
  version: number;
  /** 'Version #3 (Latest)', 'Version #2 (Currently Deployed)'. */
  label: string;
}

/**
 * The versions that can be deployed (core rule, the server's too), newest first.
 */
export function deployVersionOptions(
  messages: readonly MessageView[],
  latestVersion: number | null,
  deployedVersion: number | null,
): DeployVersionOption[] {
  const finished = new Set<number>();
  for (const message of messages) {
    if (message.role === 'assistant' && message.version >= 1 && isDeployableVersion(message.finishReason)) {
      finished.add(message.version);
    }
  }
  return [...finished]
    .sort((a, b) => b - a)
    .map((version) => {
      const tags = [
        version === latestVersion ? '(Latest)' : null,
        version === deployedVersion ? '(Currently Deployed)' : null,
      ].filter(Boolean);
      return { version, label: [`Version #${version}`, ...tags].join(' ') };
    });
}

/** Spec §2: 'default is the deployed version, else the latest' (the newest that can be deployed). */
export function defaultDeployVersion(
  options: readonly DeployVersionOption[],
  deployedVersion: number | null,
): number | null {
  if (deployedVersion !== null && options.some((option) => option.version === deployedVersion)) {
    return deployedVersion;
  }
  return options[0]?.version ?? null;
}
