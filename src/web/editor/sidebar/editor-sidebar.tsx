import { Suspense } from 'react';
import { DemoModelNotice } from '../../ai/demo-model-notice.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { InputForm } from '../input/input-form.tsx';
import { useEditor } from '../state/editor-context.ts';
import { PanelFallback } from './panel-fallback.tsx';
import { visibleTabs, type EditorTabId } from './tab-registry.ts';

/** The sidebar: the registered tabs the viewer may see, and the input form for authorized users. */
export function EditorSidebar() {
  const { framework, permissions, sidebarTab, setSidebarTab, isGenerating } = useEditor();
  const tabs = visibleTabs({ framework, isAuthorized: permissions.viewPrivateTabs });
  const current = tabs.some((tab) => tab.id === sidebarTab) ? sidebarTab : 'chat';

  return (
    <Tabs
      value={current}
      onValueChange={(value) => setSidebarTab(value as EditorTabId)}
      className="flex h-full min-h-0 flex-col bg-background"
    >
      {/* Every tab in sight at any width: in a sidebar narrower than all the labels (a desktop's
          ~490 px with six tabs, a phone), the other tabs show their icon, named by the label
          (read by screen readers, shown on hover); the open tab always shows its label. */}
      <div className="@container flex h-11 shrink-0 items-center overflow-x-auto border-b px-3 [scrollbar-width:thin]">
        <TabsList aria-label="Sidebar">
          {tabs.map((tab) => (
            <TabsTrigger
              key={tab.id}
              value={tab.id}
              title={tab.label}
              disabled={isGenerating && tab.id !== current}
              className="group"
            >
              <tab.icon aria-hidden="true" />
              <span className="sr-only group-data-[state=active]:not-sr-only @[42rem]:not-sr-only">
                {tab.label}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
      </div>
      {tabs.map((tab) => (
        <TabsContent
          key={tab.id}
          value={tab.id}
          data-sidebar-scroll
          className="min-h-0 flex-1 overflow-y-auto"
        >
          <Suspense fallback={<PanelFallback />}>
            <tab.Panel />
          </Suspense>
        </TabsContent>
      ))}
      {permissions.edit ? (
        <div className="shrink-0">
          <DemoModelNotice compact className="mx-3 rounded-lg px-2.5 py-1.5 text-xs [&_svg]:size-3.5" />
          <InputForm />
        </div>
      ) : null}
    </Tabs>
  );
}
