/**
 * Spec §2 "Sidebar tabs", in the order the sidebar shows them. Apart from the registry
 * (tab-registry.ts) because the editor state names the open tab, and the registry's panels read
 * that state.
 */
export const EDITOR_TAB_IDS = [
  'chat',
  'history',
  'github',
  'integrations',
  'deployment',
  'settings',
] as const;
export type EditorTabId = (typeof EDITOR_TAB_IDS)[number];
