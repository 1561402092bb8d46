import { useMemo } from 'react';
import { displayPrompt } from '../../../../core/snapshot/index.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { RelativeDate } from '../../../profile/relative-date.tsx';
import { cn } from '../../../lib/cn.ts';
import { useEditor } from '../../state/editor-context.ts';
import { RestoreVersionButton } from './restore-version-button.tsx';
import { VersionUsage } from '../../usage/version-usage.tsx';

/** Spec §9 truncation of prompts in the list (ours: one line of about 80 characters). */
const PROMPT_PREVIEW_CHARS = 80;

function truncatePrompt(prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim();
  return line.length > PROMPT_PREVIEW_CHARS ? `${line.slice(0, PROMPT_PREVIEW_CHARS - 1)}…` : line;
}

/** Spec §2 "History tab": one entry per version, newest first; click to select; restore (issue 17). */
export default function HistoryTab() {
  const { data, versions, latestVersion, selectedVersion, selectVersion, canSwitchVersion, permissions } =
    useEditor();
  const name = data.author.fullName ?? 'Anonymous user';
  const entries = useMemo(
    () =>
      [...versions].reverse().map((version) => {
        const prompt = data.messages.find((m) => m.role === 'user' && m.version === version);
        const answer = data.messages.find((m) => m.role === 'assistant' && m.version === version);
        return {
          version,
          prompt: displayPrompt(prompt?.content ?? '', prompt?.autofix),
          createdAt: (answer ?? prompt)?.createdAt ?? null,
          usage: answer?.usage ?? null,
        };
      }),
    [versions, data.messages],
  );

  if (entries.length === 0) {
    return <p className="px-4 py-6 text-center text-sm text-muted-foreground">No versions yet.</p>;
  }

  return (
    <ol className="flex flex-col gap-1.5 p-3" aria-label="Versions">
      {entries.map((entry) => {
        const isCurrent = entry.version === selectedVersion;
        // Issue 17: any version but the newest can come back as a new version (authorized users).
        const canRestore = permissions.edit && entry.version !== latestVersion;
        const button = (
          <button
            type="button"
            aria-current={isCurrent ? 'true' : undefined}
            aria-disabled={!canSwitchVersion || undefined}
            onClick={() => {
              if (canSwitchVersion && !isCurrent) selectVersion(entry.version);
            }}
            className={cn(
              'flex w-full flex-col gap-1.5 rounded-xl border px-3 py-2.5 text-left transition-colors',
              isCurrent ? 'border-brand/40 bg-brand-soft/60' : 'border-transparent hover:bg-accent',
              !canSwitchVersion && !isCurrent && 'cursor-not-allowed opacity-70',
              // Room for 'Restore as new version', laid over the card's last line.
              canRestore && 'pb-10',
            )}
          >
            <span className="flex items-center gap-2 text-[13px]">
              <Avatar name={name} imageUrl={data.author.avatarUrl} className="size-5 text-[10px]" />
              <span className="truncate text-muted-foreground">{name}</span>
              <span className="ml-auto font-medium">Version #{entry.version}</span>
              {isCurrent ? (
                <span className="rounded-full bg-brand-foreground px-1.5 py-px text-[10px] font-semibold text-background">
                  Current
                </span>
              ) : null}
            </span>
            <span className="line-clamp-2 text-sm">{truncatePrompt(entry.prompt) || '—'}</span>
            {entry.createdAt || entry.usage ? (
              <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                {entry.createdAt ? <RelativeDate date={entry.createdAt} /> : null}
                <VersionUsage usage={entry.usage} />
              </span>
            ) : null}
          </button>
        );
        return (
          <li key={entry.version} className="relative">
            {canSwitchVersion ? (
              button
            ) : (
              <Tooltip content="Please wait for the component to load before changing versions" side="right">
                {button}
              </Tooltip>
            )}
            {canRestore ? (
              <RestoreVersionButton
                version={entry.version}
                className="absolute right-2 bottom-2 h-7 px-2 text-xs text-muted-foreground hover:text-foreground [&_svg]:size-3.5"
              />
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
