import { describe, expect, it } from 'vitest';
import {
  buildClonePrompt,
  CLONE_STEPS,
  contrastRatio,
  detectCloneUrl,
  fallbackNotice,
  findPrices,
  isOnlyPrices,
  limitExtraction,
  readableOn,
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
    content: {
      lead: 'A subtitle',
      sections: [{ level: 2, heading: 'Plan', text: 'All you need', prices: ['$12'], buttons: ['Buy'] }],
      buttons: ['Buy'],
      footer: '© Example',
    },
    palette: { header: '#7c4a2d', background: '#ffffff', text: '#111111', accent: '#b45309' },
  };

  it('carries the extraction for the model and reads it back', () => {
    const prompt = buildClonePrompt(page, 'make it dark', true);
    expect(prompt).toContain('https://example.com/');
    expect(prompt).toContain('make it dark');
    expect(prompt).toContain('screenshot is the primary visual reference');
    expect(readCloneReference(prompt)).toEqual(page);
    expect(readCloneReference('A pricing table')).toBeNull();
  });

  it('reads a reference made before the content and palette were extracted, with them empty', () => {
    const { content: _content, palette: _palette, ...old } = page;
    const prompt = `x\n<kiln-clone-reference>\n${JSON.stringify(old)}\n</kiln-clone-reference>`;
    expect(readCloneReference(prompt)).toEqual({
      ...old,
      content: { lead: '', sections: [], buttons: [], footer: '' },
      palette: { header: null, background: null, text: null, accent: null },
    });
  });

  it('reads a hand-typed reference as strings where strings are expected', () => {
    const typed = JSON.stringify({
      url: 7,
      headings: 'no',
      links: [null, { text: 'A', href: 1 }],
      content: { lead: ['x'], sections: [{ heading: 'H', prices: [1, '$2'] }], buttons: [{}] },
      palette: { header: '#fff" onload="x', accent: '#b45309' },
    });
    const read = readCloneReference(`<kiln-clone-reference>${typed}</kiln-clone-reference>`)!;
    expect(read.url).toBe('');
    expect(read.headings).toEqual([]);
    expect(read.links).toEqual([{ text: 'A', href: '' }]);
    expect(read.content).toEqual({
      lead: '',
      sections: [{ level: 0, heading: 'H', text: '', prices: ['$2'], buttons: [] }],
      buttons: [],
      footer: '',
    });
    expect(read.palette).toEqual({ header: null, background: null, text: null, accent: '#b45309' });
    expect(readCloneReference('<kiln-clone-reference>[1]</kiln-clone-reference>')).toBeNull();
  });

  it('bounds the content it sends: 12 sections, 400 characters of text, 8 buttons', () => {
    const long = 'word '.repeat(200);
    const limited = limitExtraction({
      ...page,
      content: {
        lead: long,
        sections: Array.from({ length: 20 }, (_, index) => ({
          level: 2,
          heading: `Section ${index}`,
          text: long,
          prices: ['$1', '$2', '$3', '$4', '$5'],
          buttons: [],
        })),
        buttons: Array.from({ length: 20 }, (_, index) => `Button ${index}`),
        footer: long,
      },
    });
    expect(limited.content.sections).toHaveLength(12);
    expect(limited.content.sections[0]!.text.length).toBeLessThanOrEqual(400);
    expect(limited.content.sections[0]!.text).toMatch(/word…$/);
    expect(limited.content.sections[0]!.prices).toEqual(['$1', '$2', '$3', '$4']);
    expect(limited.content.buttons).toHaveLength(8);
    expect(limited.content.lead.length).toBeLessThanOrEqual(300);
    expect(limited.content.footer.length).toBeLessThanOrEqual(300);
  });
});

describe('prices as the page writes them', () => {
  it('finds signs and codes before or after the amount, with a period', () => {
    expect(findPrices('Sourdough $12, club €9.99/mo')).toEqual(['$12', '€9.99/mo']);
    expect(findPrices('12,50 € or 100 USD, $1,299.00 / year')).toEqual([
      '12,50 €',
      '100 USD',
      '$1,299.00 / year',
    ]);
    expect(findPrices('It costs $12. Then £3')).toEqual(['$12', '£3']);
    expect(findPrices('Open 7 days, 9 to 5, since 1984')).toEqual([]);
  });

  it('tells a price line from a sentence with a price', () => {
    expect(isOnlyPrices('$12')).toBe(true);
    expect(isOnlyPrices('€3 · €5')).toBe(true);
    expect(isOnlyPrices('From €3.50')).toBe(false);
    expect(isOnlyPrices('')).toBe(false);
  });
});

describe('readable colours', () => {
  it('measures WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });

  it('takes the first readable candidate, else black or white', () => {
    expect(readableOn('#7c4a2d', ['#7c4a2d', '#fdf6e3'])).toBe('#fdf6e3');
    expect(readableOn('#fde68a', ['#ffffff'])).toBe('#111827');
    expect(readableOn('#1c1917')).toBe('#ffffff');
  });
});
