import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { FolderGit2, History, MessageSquare, Plug, Rocket, Settings2, type LucideIcon } from 'lucide-react';
import type { Framework } from '../../../core/frameworks/index.ts';
import { EDITOR_TAB_IDS, type EditorTabId } from './tab-ids.ts';

export { EDITOR_TAB_IDS, type EditorTabId };

export interface TabVisibilityContext {
  framework: Framework;
  /** Has edit rights on the chat (the `viewPrivateTabs` permission). */
  isAuthorized: boolean;
}

export interface EditorTabDefinition {
  id: EditorTabId;
  label: string;
  icon: LucideIcon;
  Panel: LazyExoticComponent<ComponentType> | ComponentType;
}

/** Spec: 'The last four tabs are shown only to authorized users.' */
const PRIVATE_TABS: ReadonlySet<EditorTabId> = new Set(['github', 'integrations', 'deployment', 'settings']);

export function isTabVisible(id: EditorTabId, context: TabVisibilityContext): boolean {
  if (PRIVATE_TABS.has(id) && !context.isAuthorized) return false;
  // Spec: 'The integrations tab is hidden when the framework is html.'
  if (id === 'integrations' && context.framework === 'html') return false;
  return true;
}

/**
 * The registry. A capability adds its tab here (github, integrations, deployment come with
 * their issues): one entry, a lazily loaded panel that reads the editor with `useEditor()`.
 * Visibility rules live in `isTabVisible`, so a new tab only declares what it shows.
 */
export const EDITOR_TABS: readonly EditorTabDefinition[] = [
  {
    id: 'chat',
    label: 'Chat',
    icon: MessageSquare,
    Panel: lazy(() => import('./chat/chat-tab.tsx')),
  },
  {
    id: 'history',
    label: 'History',
    icon: History,
    Panel: lazy(() => import('./history/history-tab.tsx')),
  },
  {
    id: 'github',
    label: 'GitHub',
    icon: FolderGit2,
    Panel: lazy(() => import('./github/github-tab.tsx')),
  },
  {
    id: 'integrations',
    label: 'Integrations',
    icon: Plug,
    Panel: lazy(() => import('./integrations/integrations-tab.tsx')),
  },
  {
    id: 'deployment',
    label: 'Deployment',
    icon: Rocket,
    Panel: lazy(() => import('./deployment/deployment-tab.tsx')),
  },
  {
    id: 'settings',
    label: 'Settings',
    icon: Settings2,
    Panel: lazy(() => import('./settings/settings-tab.tsx')),
  },
];

export function visibleTabs(
  context: TabVisibilityContext,
  tabs: readonly EditorTabDefinition[] = EDITOR_TABS,
): EditorTabDefinition[] {
  const order = (id: EditorTabId) => EDITOR_TAB_IDS.indexOf(id);
  return tabs.filter((tab) => isTabVisible(tab.id, context)).sort((a, b) => order(a.id) - order(b.id));
}
