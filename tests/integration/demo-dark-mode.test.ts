import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAMEWORKS, type Framework } from '../../src/core/frameworks/index.ts';
import { chats, jobs } from '../../src/server/db/schema/index.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { createChat, generate, signedUpUser } from './generation-helpers.ts';
import { createPreviewKiln, previewHost, waitForBuild, type TestKiln } from './preview-helpers.ts';

/**
 * Issue 35 item 7: the offline demo model's "make it dark" turns the whole page dark, not just
 * the card, with readable text and placeholders. For each framework a catalogue entry whose inputs
 * have placeholders (a login form, a todo app, a data table's search) is made, then made dark, and
 * the dark version is opened in Chromium, which computes the WCAG contrast ratios of what a person
 * reads.
 *
 * SLOW (~50 s on a busy 2-core machine, Angular's ~20 s the most: a real preview build each for
 * React, Vue, Svelte and Angular, from the shared pnpm store, and one Chromium), since the colours
 * are those of the real Tailwind build. Only the dark version is built: the first version's build
 * that generation queues is dropped before the preview worker starts. HTML needs no build.
 */

/** First prompts landing on the catalogue's entries with placeholders, shared out among the frameworks. */
const FIRST_PROMPT: Record<Framework, string> = {
  html: 'A todo app where I can add tasks',
  react: 'A login form with email and password',
  vue: 'A todo app where I can add tasks',
  svelte: 'A data table of team members with search',
  angular: 'A login form with email and password',
};

interface Measured {
  page: { background: number[]; luminance: number; bodyText: number };
  inputs: { name: string; text: number; placeholder: number | null }[];
}

/**
 * Run in the page (a string: tsx/esbuild would add helpers such as `__name` to a function, which
 * the page lacks). Colours are resolved by painting them on a 1×1 canvas, one over another, so
 * Chromium itself turns Tailwind 4's oklch/oklab values and any alpha into sRGB. An element's
 * background is every background from <html> down to it painted over the canvas (white: no page
 * sets `color-scheme`); a background image (a gradient) is not taken into account.
 */
const MEASURE = `(() => {
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const paint = (colours) => {
    context.clearRect(0, 0, 1, 1);
    for (const colour of ['#ffffff', ...colours]) {
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
    }
    return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
  };
  const channel = (value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const contrast = (a, b) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  const backgrounds = (element) => {
    const chain = [];
    for (let at = element; at; at = at.parentElement) chain.unshift(getComputedStyle(at).backgroundColor);
    return chain;
  };
  const textOn = (colour, layers) => contrast(paint([...layers, colour]), paint(layers));

  const pageLayers = backgrounds(document.body);
  const background = paint(pageLayers);
  const page = {
    background,
    luminance: luminance(background),
    bodyText: textOn(getComputedStyle(document.body).color, pageLayers),
  };
  const NO_TEXT = ['checkbox', 'radio', 'range', 'color', 'file', 'hidden', 'image', 'submit', 'button', 'reset'];
  const inputs = Array.from(document.querySelectorAll('input, textarea, select'))
    .filter((element) => !(element instanceof HTMLInputElement && NO_TEXT.includes(element.type)))
    .map((element) => {
      const layers = backgrounds(element);
      const placeholder = element.getAttribute('placeholder')
        ? textOn(getComputedStyle(element, '::placeholder').color, layers)
        : null;
      return {
        name: element.id || element.getAttribute('name') || element.tagName.toLowerCase(),
        text: textOn(getComputedStyle(element).color, layers),
        placeholder,
      };
    });
  return { page, inputs };
})()`;

/** Tailwind's preflight is in (its body margin is 0) and the form is on the page. */
const STYLED_AND_RENDERED = `getComputedStyle(document.body).marginTop === '0px' &&
  document.querySelector('input[placeholder]') !== null`;

describe('SLOW: "make it dark" darkens the whole page with readable text and placeholders (issue 35 item 7)', () => {
  let kiln: TestKiln;
  let server: ServerType;
  let port: number;
  let browser: Browser;
  const darkVersions = new Map<Framework, { chatId: string; version: number }>();

  beforeAll(async () => {
    kiln = await createPreviewKiln({ KILN_DEMO_DELAY_MS: '0' });
    const { client } = await signedUpUser(kiln, { premium: true });
    for (const framework of FRAMEWORKS) {
      const chat = await createChat(client, framework, FIRST_PROMPT[framework]);
      await kiln.services.db.update(chats).set({ isPrivate: false }).where(eq(chats.id, chat.id));
      const first = await generate(client, { id: chat.id, prompt: FIRST_PROMPT[framework] });
      expect(first.response.status).toBe(200);
      await kiln.services.generation.settle();
      const dark = await generate(client, {
        id: chat.id,
        prompt: 'Make it dark',
        selectedVersion: first.version,
      });
      expect(dark.response.status).toBe(200);
      await kiln.services.generation.settle();
      darkVersions.set(framework, { chatId: chat.id, version: dark.version });
      // Nobody opens the light version: its queued build would only double the file's cost.
      await kiln.services.db
        .delete(jobs)
        .where(and(eq(jobs.key, `preview:${chat.id}:${first.version}`), eq(jobs.status, 'queued')));
    }
    kiln.services.preview.start();
    server = serve({ fetch: kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await kiln?.close();
  });

  it.each(FRAMEWORKS)(
    '%s',
    async (framework) => {
      const { chatId, version } = darkVersions.get(framework)!;
      expect(await waitForBuild(kiln, chatId, version, 540_000)).toEqual({ status: 'ready' });
      const page = await browser.newPage();
      try {
        await page.goto(`http://${previewHost(chatId, version)}:${port}/`);
        await page.waitForFunction(STYLED_AND_RENDERED, undefined, { timeout: 30_000 });
        const measured = (await page.evaluate(MEASURE)) as Measured;

        // The page itself is dark, not only the card on it.
        expect(
          measured.page.luminance,
          `page background rgb(${measured.page.background.join(', ')})`,
        ).toBeLessThan(0.2);
        // WCAG 2 AA for body text: 4.5:1.
        expect(measured.page.bodyText, 'body text').toBeGreaterThanOrEqual(4.5);
        expect(measured.inputs.some((input) => input.placeholder !== null)).toBe(true);
        for (const input of measured.inputs) {
          expect(input.text, `${input.name}: typed text`).toBeGreaterThanOrEqual(4.5);
          // A placeholder is a hint, not content, and is meant to look weaker than typed text (WCAG
          // does not count it as text the form needs); 3:1, the large-text and UI-component ratio,
          // keeps it legible while leaving it dimmer than the value typed over it.
          if (input.placeholder !== null)
            expect(input.placeholder, `${input.name}: placeholder`).toBeGreaterThanOrEqual(3);
        }
      } finally {
        await page.close();
      }
    },
    600_000,
  );
});
