import { describe, expect, it } from 'vitest';
import { MessageSquare } from 'lucide-react';
import {
  EDITOR_TAB_IDS,
  EDITOR_TABS,
  isTabVisible,
  visibleTabs,
  type EditorTabDefinition,
} from './tab-registry.ts';

const Panel = () => null;
const all: EditorTabDefinition[] = [...EDITOR_TAB_IDS]
  .reverse()
  .map((id) => ({ id, label: id, icon: MessageSquare, Panel }));

describe('sidebar tabs (spec §2)', () => {
  it('shows every tab, in order, to an authorized user of a React chat', () => {
    expect(visibleTabs({ framework: 'react', isAuthorized: true }, all).map((tab) => tab.id)).toEqual([
      'chat',
      'history',
      'github',
      'integrations',
      'deployment',
      'settings',
    ]);
  });

  it('hides the integrations tab for html', () => {
    expect(isTabVisible('integrations', { framework: 'html', isAuthorized: true })).toBe(false);
    expect(isTabVisible('deployment', { framework: 'html', isAuthorized: true })).toBe(true);
  });

  it('shows only chat and history to other viewers', () => {
    expect(visibleTabs({ framework: 'vue', isAuthorized: false }, all).map((tab) => tab.id)).toEqual([
      'chat',
      'history',
    ]);
  });

  it("registers the Deployment tab ('Deploy Application'), for authorized users of every framework", () => {
    const ids = (framework: 'html' | 'react', isAuthorized: boolean) =>
      visibleTabs({ framework, isAuthorized }).map((tab) => tab.id);
    expect(ids('html', true)).toContain('deployment');
    expect(ids('react', true)).toContain('deployment');
    expect(ids('react', false)).not.toContain('deployment');
    expect(EDITOR_TABS.find((tab) => tab.id === 'deployment')?.label).toBe('Deployment');
  });

  it('registers the GitHub tab (code-hosting sync), for authorized users of every framework', () => {
    const ids = (framework: 'html' | 'svelte', isAuthorized: boolean) =>
      visibleTabs({ framework, isAuthorized }).map((tab) => tab.id);
    expect(ids('html', true)).toContain('github');
    expect(ids('svelte', true)).toContain('github');
    expect(ids('svelte', false)).not.toContain('github');
    expect(EDITOR_TABS.find((tab) => tab.id === 'github')?.label).toBe('GitHub');
  });
});
