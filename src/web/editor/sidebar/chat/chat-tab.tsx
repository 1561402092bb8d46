import { useEffect, useMemo, useRef } from 'react';
import { Sparkles } from 'lucide-react';
import { parseArtifactText } from '../../../../core/artifact/index.ts';
import { readTheme } from '../../../../core/themes/index.ts';
import { useEditor, useEditorStream } from '../../state/editor-context.ts';
import { AssistantMessage } from './assistant-message.tsx';
import { ClonePanel, CloneReference } from './clone-panel.tsx';
import { DeleteVersionButton } from './delete-version-button.tsx';
import { MigrationCards } from './migrations/migration-cards.tsx';
import type { AttachmentView } from './user-attachments.tsx';
import { UserMessage } from './user-message.tsx';
import { VersionUsage } from '../../usage/version-usage.tsx';

/** Spec §2 "Chat tab": the messages of the selected version, or the one being generated. */
export default function ChatTab() {
  const { data, selectedMessages, framework, openFile, permissions } = useEditor();
  const { generation, snapshot } = useEditorStream();
  const running = generation.status === 'running' ? generation : null;
  const { user, assistant } = selectedMessages;

  const storedAnswer = useMemo(
    () => (assistant && !running ? parseArtifactText(assistant.content) : null),
    [assistant, running],
  );
  const theme = useMemo(() => {
    if (framework !== 'html') return null;
    const page = snapshot?.files.find((file) => file.name === 'index.html');
    return page ? readTheme(page.content) : null;
  }, [framework, snapshot]);

  // Keep the newest content in view while it streams.
  const endRef = useRef<HTMLDivElement>(null);
  const receivedChars = running?.receivedChars ?? 0;
  useEffect(() => {
    // Only the sidebar's own scroller moves (scrollIntoView would also scroll every ancestor).
    const scroller = running ? endRef.current?.closest<HTMLElement>('[data-sidebar-scroll]') : null;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, [running, receivedChars]);

  const promptText = running?.prompt ?? user?.content ?? null;
  const attachments: AttachmentView[] =
    running && running.prompt !== null
      ? running.attachments.map((file) => ({
          url: file.previewUrl ?? '#',
          name: file.name,
          contentType: file.type,
          size: file.size,
        }))
      : (user?.files ?? [])
          .slice()
          .sort((a, b) => a.order - b.order)
          .map((file) => ({
            url: file.url,
            name: file.name ?? 'attachment',
            contentType:
              file.contentType ?? (/\.pdf$/i.test(file.name ?? file.url) ? 'application/pdf' : 'image/*'),
            size: file.size ?? null,
          }));

  // A clone before its first version (spec §2: clone_url set and version -1 selected).
  if (data.chat.cloneUrl && !running && !assistant && !data.messages.some((m) => m.version > 0)) {
    return <ClonePanel chatId={data.chat.id} url={data.chat.cloneUrl} />;
  }

  if (!running && !user && !assistant) {
    return (
      <div className="flex flex-col items-center px-6 py-14 text-center">
        <span className="mb-4 flex size-11 items-center justify-center rounded-2xl border bg-surface text-brand shadow-xs">
          <Sparkles aria-hidden="true" className="size-5" />
        </span>
        <h2 className="text-sm font-semibold">
          {permissions.edit ? 'Start the conversation' : 'No messages yet'}
        </h2>
        <p className="mt-1 max-w-xs text-[13px] text-muted-foreground">
          {permissions.edit
            ? 'Describe the component you want. Each answer becomes a version you can preview, inspect and refine.'
            : 'The author has not generated anything yet.'}
        </p>
      </div>
    );
  }

  const canDelete = permissions.edit && data.messages.length > 2 && assistant !== null && !running;
  return (
    <div className="flex flex-col gap-6 px-4 py-5">
      {data.chat.cloneUrl && (running?.version ?? assistant?.version) === 1 ? (
        <CloneReference chatId={data.chat.id} url={data.chat.cloneUrl} />
      ) : null}
      {promptText !== null ? (
        <UserMessage
          author={data.author}
          text={promptText}
          createdAt={running && running.prompt !== null ? null : (user?.createdAt ?? null)}
          attachments={attachments}
          autofix={running && running.prompt !== null ? null : (user?.autofix ?? null)}
        />
      ) : null}
      {running ? (
        <AssistantMessage
          version={running.version}
          createdAt={null}
          segments={running.parsed?.segments ?? []}
          isStreaming
          isGithubPull={false}
          theme={theme}
          screenshot={null}
          onOpenFile={openFile}
        />
      ) : assistant && storedAnswer ? (
        <AssistantMessage
          version={assistant.version}
          createdAt={assistant.createdAt}
          segments={storedAnswer.segments}
          isStreaming={false}
          isGithubPull={assistant.isGithubPull}
          theme={theme}
          screenshot={assistant.screenshot}
          onOpenFile={openFile}
          details={<VersionUsage usage={assistant.usage} />}
          migrations={
            snapshot ? (
              <MigrationCards
                messageId={assistant.id}
                version={assistant.version}
                files={snapshot.files}
                executed={assistant.migrationsExecuted}
                isGenerating={generation.status === 'running'}
              />
            ) : null
          }
          footer={
            canDelete ? <DeleteVersionButton messageId={assistant.id} version={assistant.version} /> : null
          }
        />
      ) : null}
      <div ref={endRef} />
    </div>
  );
}
