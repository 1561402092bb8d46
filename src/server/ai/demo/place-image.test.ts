import { describe, expect, it } from 'vitest';
import { parseArtifactText, type Snapshot } from '../../../core/artifact/index.ts';
import { FRAMEWORKS, type Framework } from '../../../core/frameworks/index.ts';
import { tidyFileName } from './modify/place-image.ts';
import { fileContent, nextSnapshot, runDemo } from './testing.ts';

const SHELL: Record<Framework, string> = {
  html: 'index.html',
  react: 'src/App.tsx',
  vue: 'src/App.vue',
  svelte: 'src/App.svelte',
  angular: 'src/app/app.html',
};
const LOGO = { name: 'My Logo.PNG', mediaType: 'image/png', size: 2048 };
const SRC: Record<Framework, string> = {
  html: 'src="public/my-logo.png"',
  react: 'src="/my-logo.png"',
  vue: 'src="/my-logo.png"',
  svelte: 'src="/my-logo.png"',
  angular: 'src="/my-logo.png"',
};

describe('Demo model: "use this logo" with an attached image places it in public/ and shows it (decision 0039)', () => {
  for (const framework of FRAMEWORKS) {
    it(`${framework}: on a first prompt and on a follow-up`, async () => {
      const first = await runDemo({
        framework,
        prompt: 'A landing page for my bakery, use this logo',
        attachedImages: [LOGO],
      });
      const placed = parseArtifactText(first.text).files.find((file) => file.binary !== undefined);
      expect(placed).toMatchObject({
        name: 'public/my-logo.png',
        binary: { kind: 'attachment', attachment: 'My Logo.PNG' },
      });
      expect(fileContent(nextSnapshot(null, first.text), SHELL[framework])).toContain(SRC[framework]);

      const before = nextSnapshot(null, (await runDemo({ framework, prompt: 'a landing page' })).text);
      const follow = await runDemo({
        framework,
        prompt: 'use this logo',
        snapshot: before,
        attachedImages: [LOGO],
      });
      const parsed = parseArtifactText(follow.text);
      expect(parsed.files.map((file) => file.name).sort()).toEqual(
        [SHELL[framework], 'public/my-logo.png'].sort(),
      );
      expect(parsed.files.find((file) => file.name === SHELL[framework])?.content).toContain(SRC[framework]);
      expect(follow.text).not.toContain('Requested change');
    });
  }

  it('places nothing without an attached image, or when the prompt is not about an image', async () => {
    const before = nextSnapshot(null, (await runDemo({ framework: 'react', prompt: 'a landing page' })).text);
    const withoutImage = await runDemo({ framework: 'react', prompt: 'use this logo', snapshot: before });
    expect(parseArtifactText(withoutImage.text).files.some((file) => file.binary)).toBe(false);
    const otherPrompt = await runDemo({
      framework: 'react',
      prompt: 'make it dark',
      snapshot: before,
      attachedImages: [LOGO],
    });
    expect(parseArtifactText(otherPrompt.text).files.some((file) => file.binary)).toBe(false);
  });

  it('leaves the project’s binary files alone on later follow-ups', async () => {
    const hash = 'ab'.repeat(32);
    const start = nextSnapshot(null, (await runDemo({ framework: 'vue', prompt: 'a landing page' })).text);
    const withLogo: Snapshot = {
      ...start,
      files: [
        ...start.files,
        { name: 'public/logo.png', content: '', isLocked: false, binary: { kind: 'blob', hash, size: 3 } },
      ],
    };
    const { text } = await runDemo({ framework: 'vue', prompt: 'make it dark', snapshot: withLogo });
    expect(parseArtifactText(text).files.map((file) => file.name)).not.toContain('public/logo.png');
    expect(nextSnapshot(withLogo, text).files.find((file) => file.name === 'public/logo.png')).toEqual(
      withLogo.files.at(-1),
    );
  });

  it('gives the file a name every server takes as is', () => {
    expect(tidyFileName('My Logo (1).PNG')).toBe('my-logo-1.png');
    expect(tidyFileName('ünïcode.webp')).toBe('n-code.webp');
    expect(tidyFileName('.png')).toBe('image.png');
  });
});
