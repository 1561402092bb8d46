import { describe, expect, it } from 'vitest';
import { scannedSpecifiers, scriptSpecifiers, type ScriptDialect } from './script-imports.ts';

const TSX: ScriptDialect = { typescript: true, jsx: true };
const TS: ScriptDialect = { typescript: true, jsx: false };
const JS: ScriptDialect = { typescript: false, jsx: true };

describe('the specifiers a script names', () => {
  it.each<[string, string, ScriptDialect, string[]]>([
    ['a default and named import', `import React, { useState } from 'react';`, TSX, ['react']],
    ['a type-only import', `import type { AxiosInstance } from 'axios';`, TS, ['axios']],
    ['an inline type import', `import { type Foo, bar } from 'some-lib';`, TS, ['some-lib']],
    ['a namespace import', `import * as z from 'zod';`, TS, ['zod']],
    [
      'a side-effect import',
      `import 'bootstrap/dist/css/bootstrap.min.css';`,
      JS,
      ['bootstrap/dist/css/bootstrap.min.css'],
    ],
    [
      'a re-export',
      `export { debounce } from 'lodash/debounce';\nexport * from './local';`,
      TS,
      ['lodash/debounce', './local'],
    ],
    ['a type re-export', `export type { Route } from '@angular/router';`, TS, ['@angular/router']],
    ['require', `const express = require('express');`, JS, ['express']],
    ['a string import()', `const Chart = await import('chart.js/auto');`, TS, ['chart.js/auto']],
    ['a template import() without substitutions', 'const m = import(`dayjs`);', TS, ['dayjs']],
    ['a computed import() is not read', 'const m = import(`./pages/${name}.tsx`);', TS, []],
    ['import = require', `import fs = require('fs');`, TS, ['fs']],
    ['typeof import()', `type Z = typeof import('zod');`, TS, ['zod']],
    [
      'an Angular component',
      `import { Component } from '@angular/core';\nimport { RouterOutlet } from '@angular/router';\n@Component({ selector: 'app-root', imports: [RouterOutlet], templateUrl: './app.html' })\nexport class App {}`,
      TS,
      ['@angular/core', '@angular/router'],
    ],
    [
      'JSX in a .js file',
      `import { motion } from 'framer-motion';\nexport default () => <motion.div animate={{ x: 1 }} />;`,
      JS,
      ['framer-motion'],
    ],
    [
      'comments and strings name nothing',
      `// import x from 'commented'\nconst s = "import y from 'in-a-string'";`,
      TS,
      [],
    ],
    ['each specifier once', `import a from 'x';\nimport b from 'x';`, TS, ['x']],
  ])('%s', (_label, code, dialect, expected) => {
    expect(scriptSpecifiers(code, dialect)).toEqual(expected);
  });

  it('a file that does not parse still names its imports (a scan stands in)', () => {
    const broken = `import { useState } from 'react';\nimport {\n  Camera,\n  Heart,\n} from 'lucide-react';\nexport default function App() {\n  return <div>{</div>;\n}\nconst late = require('late-pkg');\n`;
    expect(scriptSpecifiers(broken, TSX)).toEqual(
      expect.arrayContaining(['react', 'lucide-react', 'late-pkg']),
    );
    expect(scriptSpecifiers('import a from "a"\nfunction (( {\nimport "b"', JS)).toEqual(['a', 'b']);
  });

  it('the scan skips comments and reads every form', () => {
    const code = `/* import x from 'no' */\n// require('no2')\nimport a, { b } from 'a';\nimport 'b';\nexport * from 'c';\nconst d = require("d");\nimport("e");\nconst url = 'http://example.com';`;
    expect(scannedSpecifiers(code)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
