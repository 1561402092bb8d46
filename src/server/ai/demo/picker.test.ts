import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue/index.ts';
import { pickEntry } from './picker.ts';

describe('pickEntry: prompt words choose the catalogue entry', () => {
  const cases: [string, string][] = [
    ['A landing page hero for my startup', 'landing-hero'],
    ['Build a pricing table', 'pricing-table'],
    ['show our plans side by side', 'pricing-table'],
    ['a login form', 'login-form'],
    ['Sign in screen with email and password', 'login-form'],
    ['responsive navbar', 'navbar'],
    ['a navigation header with a login link', 'navbar'],
    ['an analytics dashboard with cards', 'dashboard'],
    ['Todo app', 'todo-app'],
    ['a to-do list', 'todo-app'],
    ['keep track of my tasks', 'todo-app'],
    ['a simple click counter', 'counter'],
    ['contact form', 'contact-form'],
    ['a form to get in touch with us', 'contact-form'],
    ['a modal', 'modal'],
    ['confirmation dialog popup', 'modal'],
    ['a sortable data table of users', 'data-table'],
    ['a user profile card', 'profile-card'],
  ];
  for (const [prompt, id] of cases) {
    it(`"${prompt}" → ${id}`, () => {
      expect(pickEntry(prompt).id).toBe(id);
    });
  }

  it('falls back to the landing hero when nothing matches', () => {
    expect(pickEntry('something lovely').id).toBe('landing-hero');
    expect(pickEntry('').id).toBe('landing-hero');
  });

  it('has at least 11 entries, each reachable by its own title', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(11);
    for (const entry of CATALOGUE) expect(pickEntry(`a ${entry.title}`).id).toBe(entry.id);
  });
});
