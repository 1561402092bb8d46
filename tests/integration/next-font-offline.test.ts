/**
 * The module Kiln writes for next/font/google in offline builds (core next-font-offline.ts) is
 * plain CommonJS that Node loads in a workspace; the fonts of a real Next project are checked by
 * the real-projects corpus (nextjs-app).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import {
  NEXT_FONT_MOCK_FILE,
  NEXT_FONT_MOCK_SOURCE,
  nextFontOfflineEnv,
} from '../../src/core/builds/next-font-offline.ts';

describe('the next/font/google answers module', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    delete process.env.NEXT_FONT_GOOGLE_MOCKED_RESPONSES;
  });

  it('is a module Node loads: with no next/font/google call there is nothing to answer', () => {
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-next-font-'));
    made.push(workspace);
    fs.mkdirSync(path.join(workspace, 'app'));
    fs.mkdirSync(path.join(workspace, '.kiln-home'));
    fs.writeFileSync(
      path.join(workspace, 'app', 'page.tsx'),
      'export default function Page() { return null; }\n',
    );
    const file = path.join(workspace, NEXT_FONT_MOCK_FILE);
    fs.writeFileSync(file, NEXT_FONT_MOCK_SOURCE);
    Object.assign(process.env, nextFontOfflineEnv(workspace));
    expect(createRequire(import.meta.url)(file)).toEqual({});
  });
});
