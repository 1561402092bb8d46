import { describe, expect, it } from 'vitest';
import { buildAdaptations } from './build-adaptations.ts';
import { NEXT_FONT_MOCK_FILE, NEXT_FONT_MOCK_SOURCE, nextFontOfflineEnv } from './next-font-offline.ts';

const layout = `import { Geist } from "next/font/google";\nconst geist = Geist({ subsets: ["latin"] });\n`;

describe("next/font/google without network: Next's own mock hook (issue 22)", () => {
  it('writes the answers module into Kiln’s home of the workspace, for Next projects only', () => {
    const next = buildAdaptations([{ name: 'app/layout.tsx', content: layout }], new Set(['next', 'react']));
    expect(next.files).toEqual([{ name: NEXT_FONT_MOCK_FILE, content: NEXT_FONT_MOCK_SOURCE }]);
    expect(next.devDependencies).toEqual({});
    expect(buildAdaptations([{ name: 'app/layout.tsx', content: layout }], new Set(['react'])).files).toEqual(
      [],
    );
  });

  it('points the build step at it with an absolute path, as both Turbopack and webpack need', () => {
    expect(nextFontOfflineEnv('/data/workspaces/ab12')).toEqual({
      NEXT_FONT_GOOGLE_MOCKED_RESPONSES: '/data/workspaces/ab12/.kiln-home/next-font-google.cjs',
    });
  });
});
