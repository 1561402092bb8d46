import { useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../components/ui/sheet.tsx';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { AuthorCard } from '../profile/author-card.tsx';
import { EditorCanvas } from './editor-canvas.tsx';
import { EditorHeader } from './header/editor-header.tsx';
import { EditorSidebar } from './sidebar/editor-sidebar.tsx';
import { useEditor } from './state/editor-context.ts';

/** Spec §2: a resizable split (sidebar left, canvas right) on desktop; the sidebar in a sheet on phones. */
export function EditorLayout() {
  const isDesktop = useMediaQuery('(min-width: 768px)');
  const [isSheetOpen, setIsSheetOpen] = useState(false);
  const { data, sidebarTab } = useEditor();
  // A tab opened from outside the sidebar (the code toolbar's Modify) shows the sheet on phones.
  const [shownTab, setShownTab] = useState(sidebarTab);
  if (shownTab !== sidebarTab) {
    setShownTab(sidebarTab);
    if (!isDesktop) setIsSheetOpen(true);
  }

  if (isDesktop) {
    return (
      <div className="flex h-dvh flex-col overflow-hidden">
        <EditorHeader />
        <Group orientation="horizontal" className="min-h-0 flex-1">
          <Panel id="sidebar" defaultSize="34%" minSize="300px" maxSize="55%">
            <aside aria-label="Chat and versions" className="h-full border-r">
              <EditorSidebar />
            </aside>
          </Panel>
          <Separator className="relative w-px bg-border outline-none after:absolute after:inset-y-0 after:-left-1 after:w-2 hover:bg-brand/60 focus-visible:bg-brand data-[separator=active]:bg-brand" />
          <Panel id="canvas" minSize="320px">
            <section aria-label="Canvas" className="h-full bg-surface">
              <EditorCanvas />
            </section>
          </Panel>
        </Group>
      </div>
    );
  }

  return (
    <div className="flex h-dvh flex-col overflow-hidden">
      <EditorHeader onOpenSidebar={() => setIsSheetOpen(true)} />
      <section aria-label="Canvas" className="min-h-0 flex-1">
        <EditorCanvas />
      </section>
      <Sheet open={isSheetOpen} onOpenChange={setIsSheetOpen}>
        <SheetContent side="left" className="p-0" aria-describedby={undefined}>
          <SheetTitle className="sr-only">Chat and versions</SheetTitle>
          <SheetDescription className="sr-only">
            The conversation, the versions and the settings of this component.
          </SheetDescription>
          <div className="flex h-full flex-col">
            <div className="shrink-0 border-b px-3 py-2 pr-12">
              <AuthorCard author={data.author} createdAt={data.chat.createdAt} />
            </div>
            <div className="min-h-0 flex-1">
              <EditorSidebar />
            </div>
          </div>
        </SheetContent>
      </Sheet>
    </div>
  );
}
