import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useEditor, useEditorStream } from '../state/editor-context.ts';
import { HtmlPreviewFrame } from './html-preview-frame.tsx';
import { fullscreenUrl } from './preview-addresses.ts';

interface FullscreenDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Spec §2 "Fullscreen": the version at {chatId}-{version}.webcontainer.{host} (with a private
 * chat's token). HTML in the in-page frame, which follows links between generated files (its
 * own origin) and blocks external ones.
 */
export function FullscreenDialog({ open, onOpenChange }: FullscreenDialogProps) {
  const { framework, chatId, selectedVersion, data, build } = useEditor();
  const { snapshot } = useEditorStream();
  const title = data.chat.title ?? 'Component';
  const address =
    selectedVersion === null || (data.chat.isPrivate && build.url === null)
      ? null
      : fullscreenUrl(chatId, selectedVersion, build.url);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content className="fixed inset-0 z-50 flex flex-col bg-background data-[state=open]:animate-fade-in">
          <div className="flex h-11 shrink-0 items-center justify-between border-b px-3">
            <DialogPrimitive.Title className="truncate text-sm font-medium">
              {title} <span className="text-muted-foreground">· Version #{selectedVersion}</span>
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">
              The preview of the component, full screen. Press Escape to close.
            </DialogPrimitive.Description>
            <DialogPrimitive.Close
              aria-label="Exit full screen"
              className="flex size-8 items-center justify-center rounded-lg text-muted-foreground hover:bg-accent hover:text-foreground"
            >
              <X aria-hidden="true" className="size-4" />
            </DialogPrimitive.Close>
          </div>
          <div className="relative min-h-0 flex-1">
            {framework === 'html' && snapshot ? (
              <HtmlPreviewFrame
                files={snapshot.files}
                isFinished
                address={address}
                title={`${title} (full screen)`}
              />
            ) : address !== null ? (
              <iframe
                title={`${title} (full screen)`}
                src={address}
                sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals"
                className="absolute inset-0 size-full border-0 bg-white"
              />
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
