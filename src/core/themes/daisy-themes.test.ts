import { describe, expect, it } from 'vitest';
import { applyTheme, DAISY_THEMES, readTheme } from './daisy-themes.ts';

describe("spec §1 'HTML components can change theme (applied through a data-theme attribute)'", () => {
  it('reads the current theme, defaulting to light', () => {
    expect(readTheme('<html lang="en" data-theme="dracula"><body></body></html>')).toBe('dracula');
    expect(readTheme("<HTML data-theme='nord'>")).toBe('nord');
    expect(readTheme('<html lang="en"><body></body></html>')).toBe('light');
  });
  it('replaces an existing data-theme and keeps the rest of the document', () => {
    const html =
      '<!doctype html>\n<html lang="en" data-theme="light">\n<body><p data-theme="x">hi</p></body></html>';
    const themed = applyTheme(html, 'synthwave');
    expect(themed).toBe(html.replace('data-theme="light"', 'data-theme="synthwave"'));
  });
  it('adds the attribute when missing, and the element when there is none', () => {
    expect(applyTheme('<html lang="en"><body></body></html>', 'dark')).toBe(
      '<html data-theme="dark" lang="en"><body></body></html>',
    );
    expect(readTheme(applyTheme('<div>fragment</div>', 'retro'))).toBe('retro');
  });
  it('offers the daisyUI themes without duplicates', () => {
    expect(new Set(DAISY_THEMES).size).toBe(DAISY_THEMES.length);
    expect(DAISY_THEMES).toContain('light');
    expect(DAISY_THEMES).toContain('dark');
  });
});
