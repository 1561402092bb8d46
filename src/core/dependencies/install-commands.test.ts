import { describe, expect, it } from 'vitest';
import { installCommandPackages, type ProseDeclaration } from './install-commands.ts';

describe('packages the prose installs', () => {
  it.each<[string, string, ProseDeclaration[]]>([
    ['a code span', 'First run `npm install axios` and then start it.', [{ name: 'axios' }]],
    [
      'a fenced block, several packages and flags',
      'Install:\n\n```bash\ncd my-app\nnpm install --save react-router-dom zustand@4.5.2\nnpm i -D @types/node\n```\n',
      [{ name: 'react-router-dom' }, { name: 'zustand', range: '4.5.2' }, { name: '@types/node' }],
    ],
    ['a line of its own', 'npm install axios@1.7\n\nThat is all.', [{ name: 'axios', range: '1.7' }]],
    [
      'pnpm add, yarn add, bun add',
      '`pnpm add pinia` `yarn add vue-router@^4` `bun add dayjs`',
      [{ name: 'pinia' }, { name: 'vue-router', range: '^4' }, { name: 'dayjs' }],
    ],
    [
      'a scoped package with a version',
      '`npm install @tanstack/react-query@5`',
      [{ name: '@tanstack/react-query', range: '5' }],
    ],
    ['a tag is not a version', '`npm install next@latest`', [{ name: 'next' }]],
    ['a chain', '`cd app && npm install lucide-react && npm run dev`', [{ name: 'lucide-react' }]],
    ['a comment ends the command', '$ npm install chart.js # for the graphs', [{ name: 'chart.js' }]],
    ['a global install is a tool, not a package', '`npm install -g @angular/cli`', []],
    ['a bare install names nothing', 'Run `npm install` and `npm run dev`.', []],
    ['a sentence is not a command', 'You can npm install the packages and run it.', []],
    [
      'paths, URLs and git specs are not packages',
      '`npm install ./local-pkg github:me/repo https://x.dev/a.tgz`',
      [],
    ],
    ['yarn install is not yarn add', '`yarn install`', []],
    [
      'the first mention wins',
      '`npm i axios@1.6.0`\n`npm i axios@1.7.0`',
      [{ name: 'axios', range: '1.6.0' }],
    ],
  ])('%s', (_label, prose, expected) => {
    expect(installCommandPackages(prose)).toEqual(expected);
  });
});
