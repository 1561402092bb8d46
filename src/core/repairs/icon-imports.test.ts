import { describe, expect, it } from 'vitest';
import { iconReplacement, replaceUnknownIcons, type IconReplacement } from './icon-imports.ts';
import { iconPackage } from './lucide-icons.ts';

const packageFor = (source: string) => iconPackage(source);

interface Case {
  name: string;
  file: string;
  input: string;
  /** The repaired file, or null: it must stay as it is. */
  output: string | null;
  replacements?: Pick<IconReplacement, 'from' | 'to'>[];
}

const DASHBOARD = `import { useState } from 'react';
import { ChartLine, Settingss, Github, Bell } from 'lucide-react';

export default function Dashboard() {
  const [open, setOpen] = useState(false);
  return (
    <header className="flex items-center gap-4">
      <ChartLine className="h-5 w-5" />
      <button onClick={() => setOpen(!open)} aria-label="Settings">
        <Settingss size={18} />
      </button>
      <a href="https://github.com/acme"><Github /></a>
      <Bell />
    </header>
  );
}
`;

const cases: Case[] = [
  {
    name: 'a React component: the import and every use renamed',
    file: 'src/components/Dashboard.tsx',
    input: DASHBOARD,
    output: DASHBOARD.replace(
      '{ ChartLine, Settingss, Github, Bell }',
      '{ ChartLine, Settings, GitBranch, Bell }',
    )
      .replace('<Settingss size={18} />', '<Settings size={18} />')
      .replace('<Github />', '<GitBranch />'),
    replacements: [
      { from: 'Settingss', to: 'Settings' },
      { from: 'Github', to: 'GitBranch' },
    ],
  },
  {
    name: 'an icon passed as a value and in a closing tag',
    file: 'src/nav.jsx',
    input: `import { Homee, ChevronRight } from 'lucide-react';\nexport const items = [{ icon: Homee, label: 'Home' }];\nexport const Crumb = () => <Homee>{ChevronRight.displayName}</Homee>;\n`,
    output: `import { Home, ChevronRight } from 'lucide-react';\nexport const items = [{ icon: Home, label: 'Home' }];\nexport const Crumb = () => <Home>{ChevronRight.displayName}</Home>;\n`,
    replacements: [{ from: 'Homee', to: 'Home' }],
  },
  {
    name: 'an aliased import keeps its alias',
    file: 'src/App.tsx',
    input: `import { Settingss as Gear } from 'lucide-react';\nexport const A = () => <Gear />;\n`,
    output: `import { Settings as Gear } from 'lucide-react';\nexport const A = () => <Gear />;\n`,
    replacements: [{ from: 'Settingss', to: 'Settings' }],
  },
  {
    name: 'the …Icon form stays a …Icon form',
    file: 'src/App.tsx',
    input: `import { SettingssIcon, GithubIcon } from 'lucide-react';\nexport const A = () => <><SettingssIcon /><GithubIcon /></>;\n`,
    output: `import { SettingsIcon, GitBranchIcon } from 'lucide-react';\nexport const A = () => <><SettingsIcon /><GitBranchIcon /></>;\n`,
    replacements: [
      { from: 'SettingssIcon', to: 'SettingsIcon' },
      { from: 'GithubIcon', to: 'GitBranchIcon' },
    ],
  },
  {
    name: 'a shorthand property would change its key: aliased instead',
    file: 'src/icons.ts',
    input: `import { Settingss, Home } from 'lucide-react';\nexport const icons = { Settingss, Home };\n`,
    output: `import { Settings as Settingss, Home } from 'lucide-react';\nexport const icons = { Settingss, Home };\n`,
    replacements: [{ from: 'Settingss', to: 'Settings' }],
  },
  {
    name: 'the new name is taken: aliased instead',
    file: 'src/App.tsx',
    input: `import { Settings, Setings } from 'lucide-react';\nexport const A = () => <><Settings /><Setings /></>;\n`,
    output: `import { Settings, Settings as Setings } from 'lucide-react';\nexport const A = () => <><Settings /><Setings /></>;\n`,
    replacements: [{ from: 'Setings', to: 'Settings' }],
  },
  {
    name: 'two wrong names for one icon: the second is aliased',
    file: 'src/App.tsx',
    input: `import { Settingss, Setings } from 'lucide-react';\nexport const A = () => <><Settingss /><Setings /></>;\n`,
    output: `import { Settings, Settings as Setings } from 'lucide-react';\nexport const A = () => <><Settings /><Setings /></>;\n`,
    replacements: [
      { from: 'Settingss', to: 'Settings' },
      { from: 'Setings', to: 'Settings' },
    ],
  },
  {
    name: "a Vue component's template reads the name: aliased",
    file: 'src/components/Toolbar.vue',
    input: `<template>\n  <button><Settingss class="h-4 w-4" /></button>\n</template>\n\n<script setup>\nimport { Settingss } from 'lucide-vue-next'\n</script>\n`,
    output: `<template>\n  <button><Settingss class="h-4 w-4" /></button>\n</template>\n\n<script setup>\nimport { Settings as Settingss } from 'lucide-vue-next'\n</script>\n`,
    replacements: [{ from: 'Settingss', to: 'Settings' }],
  },
  {
    name: 'a Svelte component on @lucide/svelte, which has no brand icons',
    file: 'src/lib/Footer.svelte',
    input: `<script lang="ts">\n  import { Github, Mail } from '@lucide/svelte';\n</script>\n\n<footer><Github /><Mail /></footer>\n`,
    output: `<script lang="ts">\n  import { GitBranch as Github, Mail } from '@lucide/svelte';\n</script>\n\n<footer><Github /><Mail /></footer>\n`,
    replacements: [{ from: 'Github', to: 'GitBranch' }],
  },
  {
    name: "an Angular component's pick() of icons",
    file: 'src/app/app.component.ts',
    input: `import { Component } from '@angular/core';
import { LucideAngularModule, Settingss, House } from 'lucide-angular';

@Component({
  selector: 'app-root',
  standalone: true,
  imports: [LucideAngularModule],
  template: '<lucide-icon [img]="settings"></lucide-icon>',
})
export class AppComponent {
  readonly settings = Settingss;
  readonly icons = { Settingss, House };
}
`,
    output: `import { Component } from '@angular/core';
import { LucideAngularModule, Settings as Settingss, House } from 'lucide-angular';

@Component({
  selector: 'app-root',
  standalone: true,
  imports: [LucideAngularModule],
  template: '<lucide-icon [img]="settings"></lucide-icon>',
})
export class AppComponent {
  readonly settings = Settingss;
  readonly icons = { Settingss, House };
}
`,
    replacements: [{ from: 'Settingss', to: 'Settings' }],
  },
  {
    name: 'a name the file also declares elsewhere: aliased',
    file: 'src/App.tsx',
    input: `import { Settingss } from 'lucide-react';\nfunction wrap(Settingss: unknown) { return Settingss; }\nexport const A = () => <Settingss />;\n`,
    output: `import { Settings as Settingss } from 'lucide-react';\nfunction wrap(Settingss: unknown) { return Settingss; }\nexport const A = () => <Settingss />;\n`,
    replacements: [{ from: 'Settingss', to: 'Settings' }],
  },
  // Left alone.
  {
    name: 'names lucide-react exports: icons, aliases, forms, helpers and types',
    file: 'src/App.tsx',
    input: `import { ChartLine, LineChart, HomeIcon, LucideHouse, Loader2, createLucideIcon, type LucideIcon } from 'lucide-react';\nimport type { LucideProps } from 'lucide-react';\n`,
    output: null,
  },
  {
    name: 'a name with no close icon',
    file: 'src/App.tsx',
    input: `import { Notification } from 'lucide-react';\nexport const A = () => <Notification />;\n`,
    output: null,
  },
  {
    name: 'type-only imports are erased by the build',
    file: 'src/App.tsx',
    input: `import type { Settingss } from 'lucide-react';\nimport { type Homee } from 'lucide-react';\n`,
    output: null,
  },
  {
    name: 'other packages and subpaths',
    file: 'src/App.tsx',
    input: `import { FaGithub } from 'react-icons/fa';\nimport { Settingss } from 'lucide-react/dynamic';\nimport { Settingss as S } from './lucide-react';\n`,
    output: null,
  },
  {
    name: 'the brand icons lucide-vue-next still exports',
    file: 'src/components/Footer.vue',
    input: `<script setup>\nimport { Github, Twitter } from 'lucide-vue-next'\n</script>\n<template><Github /><Twitter /></template>\n`,
    output: null,
  },
  {
    name: 'a module that does not parse',
    file: 'src/App.tsx',
    input: `import { Settingss } from 'lucide-react';\nexport const A = () => <Settingss>;\n`,
    output: null,
  },
];

describe('replaceUnknownIcons', () => {
  it.each(cases)('$name', ({ file, input, output, replacements }) => {
    const result = replaceUnknownIcons(file, input, packageFor);
    if (output === null) {
      expect(result).toBeNull();
      return;
    }
    expect(result?.content).toBe(output);
    expect(result?.replacements.map(({ from, to }) => ({ from, to }))).toEqual(replacements);
    expect(replaceUnknownIcons(file, result!.content, packageFor)).toBeNull();
  });

  it('reads only the packages it is given (a project on another version gives none)', () => {
    expect(replaceUnknownIcons('src/App.tsx', DASHBOARD, () => null)).toBeNull();
  });

  it('says which package lacked the name and whether it was a brand', () => {
    const result = replaceUnknownIcons('src/components/Dashboard.tsx', DASHBOARD, packageFor);
    expect(result?.replacements).toEqual([
      { packageName: 'lucide-react', from: 'Settingss', to: 'Settings', brand: null },
      { packageName: 'lucide-react', from: 'Github', to: 'GitBranch', brand: 'removed' },
    ]);
  });
});

describe('iconReplacement', () => {
  const react = iconPackage('lucide-react')!;
  it.each([
    ['Settingss', 'Settings'],
    ['LucideSettingss', 'LucideSettings'],
    ['SettingssIcon', 'SettingsIcon'],
    ['Twitter', 'AtSign'],
    ['YouTube', 'SquarePlay'],
    ['LinkedinIcon', 'BriefcaseIcon'],
  ])('%s → %s', (name, expected) => {
    expect(iconReplacement(name, react)?.to).toBe(expected);
  });

  it('is null for a name the package exports', () => {
    expect(iconReplacement('ChartLine', react)).toBeNull();
    expect(iconReplacement('LineChartIcon', react)).toBeNull();
  });
});
