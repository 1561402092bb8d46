import { describe, expect, it } from 'vitest';
import {
  buildClonePrompt,
  CLONE_STEPS,
  detectCloneUrl,
  fallbackNotice,
  readCloneReference,
  tickPercent,
  type PageExtraction,
} from './index.ts';

describe('detectCloneUrl', () => {
  it('takes a URL-only prompt and the "Clone a website" form', () => {
    expect(detectCloneUrl('https://example.com')).toBe('https://example.com/');
    expect(detectCloneUrl('  Clone a website https://example.com/pricing#top ')).toBe(
      'https://example.com/pricing',
    );
    expect(detectCloneUrl('clone example.com')).toBe('https://example.com/');
    expect(detectCloneUrl('http://127.0.0.1:4000/page')).toBe('http://127.0.0.1:4000/page');
  });

  it('leaves ordinary prompts and other schemes alone', () => {
    expect(detectCloneUrl('A pricing table like https://example.com but green')).toBeNull();
    expect(detectCloneUrl('A pricing table')).toBeNull();
    expect(detectCloneUrl('javascript:alert(1)')).toBeNull();
    expect(detectCloneUrl('ftp://example.com')).toBeNull();
    expect(detectCloneUrl('https://user:secret@example.com')).toBeNull();
  });
});

describe('clone progress', () => {
  it('has the spec steps and percentages', () => {
    expect(CLONE_STEPS.map((step) => [step.label, step.percent])).toEqual([
      ['Initializing scraper', 0],
      ['Loading page', 20],
      ['Extracting content', 40],
      ['Capturing design', 60],
      ['Taking screenshot', 80],
      ['Finalizing', 95],
    ]);
    expect(fallbackNotice('the page answered 500.')).toBe(
      'Analysis encountered an issue: the page answered 500. Using fallback analysis methods instead.',
    );
  });

  it('ticks towards the next step without reaching it', () => {
    expect(tickPercent(20, 'loading')).toBe(21);
    expect(tickPercent(39, 'loading')).toBe(39);
    expect(tickPercent(95, 'finalizing')).toBe(95);
  });
});

describe('clone prompt', () => {
  it('carries the extraction for the model and reads it back', () => {
    const page: PageExtraction = {
      url: 'https://example.com/',
      title: 'Example',
      markdown: '# Hello',
      html: '<h1>Hello</h1>',
      headings: [{ level: 1, text: 'Hello' }],
      links: [{ text: 'About', href: 'https://example.com/about' }],
      colors: ['#112233'],
      fonts: ['Inter'],
      images: [],
    };
    const prompt = buildClonePrompt(page, 'make it dark', true);
    expect(prompt).toContain('https://example.com/');
    expect(prompt).toContain('make it dark');
    expect(prompt).toContain('screenshot is the primary visual reference');
    expect(readCloneReference(prompt)).toEqual(page);
    expect(readCloneReference('A pricing table')).toBeNull();
  });
});
