import { describe, expect, it } from 'vitest';
import {
  chooseVersion,
  familyRange,
  type ChooseInput,
  type PackageVersions,
  type VersionInfo,
} from './choose-version.ts';

function registry(name: string, versions: Record<string, VersionInfo>, latest?: string): PackageVersions {
  return {
    name,
    latest: latest ?? Object.keys(versions).at(-1),
    versions: new Map(Object.entries(versions)),
  };
}

const REACT_19 = new Map([
  ['react', '^19.2.0'],
  ['react-dom', '^19.2.0'],
]);
const ROUTER = registry(
  'react-router-dom',
  {
    '6.30.1': { peerDependencies: { react: '>=16.8', 'react-dom': '>=16.8' } },
    '7.9.4': { peerDependencies: { react: '>=18', 'react-dom': '>=18' } },
    '8.0.0-pre.1': { peerDependencies: { react: '>=19' } },
  },
  '7.9.4',
);
const LUCIDE = registry(
  'lucide-react',
  {
    '0.300.0': { peerDependencies: { react: '^16.5.1 || ^17.0.0 || ^18.0.0' } },
    '0.475.0': { peerDependencies: { react: '^16.5.1 || ^17.0.0 || ^18.0.0 || ^19.0.0' } },
    '0.476.0': {
      peerDependencies: { react: '^16.5.1 || ^17.0.0 || ^18.0.0 || ^19.0.0' },
      deprecated: true,
    },
  },
  '0.476.0',
);

function input(overrides: Partial<ChooseInput> & Pick<ChooseInput, 'name'>): ChooseInput {
  return { declared: REACT_19, storeVersions: [], registry: null, ...overrides };
}

describe('the version Kiln adds', () => {
  it.each<[string, ChooseInput, { version: string; source: string } | null]>([
    [
      'the registry’s newest, never past latest nor a prerelease',
      input({ name: 'react-router-dom', registry: ROUTER }),
      { version: '7.9.4', source: 'registry' },
    ],
    [
      'the newest whose peers the project satisfies (React 17 gets router 6)',
      input({ name: 'react-router-dom', registry: ROUTER, declared: new Map([['react', '^17.0.2']]) }),
      { version: '6.30.1', source: 'registry' },
    ],
    [
      'a deprecated version is passed over when another fits',
      input({ name: 'lucide-react', registry: LUCIDE }),
      { version: '0.475.0', source: 'registry' },
    ],
    [
      'the store’s version first, when its peers fit',
      input({ name: 'lucide-react', registry: LUCIDE, storeVersions: ['0.300.0', '0.475.0'] }),
      { version: '0.475.0', source: 'store' },
    ],
    [
      'a stored version whose peers do not fit is passed over',
      input({ name: 'lucide-react', registry: LUCIDE, storeVersions: ['0.300.0'] }),
      { version: '0.475.0', source: 'registry' },
    ],
    [
      'without the registry, the newest stored version',
      input({ name: 'lucide-react', storeVersions: ['0.300.0', '0.475.0'] }),
      { version: '0.475.0', source: 'store' },
    ],
    [
      'the prose’s range narrows the choice',
      input({ name: 'react-router-dom', registry: ROUTER, range: '6' }),
      { version: '6.30.1', source: 'registry' },
    ],
    [
      'a range nothing matches is written as given',
      input({ name: 'react-router-dom', registry: ROUTER, range: '^9.1.0' }),
      { version: '^9.1.0', source: 'prose' },
    ],
    [
      'no peer fit at all: the newest (pnpm warns, installs)',
      input({ name: 'lucide-react', registry: LUCIDE, declared: new Map([['react', '^15.0.0']]) }),
      { version: '0.475.0', source: 'registry' },
    ],
    [
      'Angular’s family follows @angular/core',
      input({ name: '@angular/router', declared: new Map([['@angular/core', '^21.0.0']]) }),
      { version: '^21.0.0', source: 'family' },
    ],
    [
      'react-dom follows react',
      input({ name: 'react-dom', declared: new Map([['react', '^18.3.1']]) }),
      { version: '^18.3.1', source: 'family' },
    ],
    [
      '@types/react follows react’s major',
      input({ name: '@types/react', declared: new Map([['react', '~18.2.0']]) }),
      { version: '^18.0.0', source: 'family' },
    ],
    [
      '@react-router/node follows react-router (released in lockstep, issue 37)',
      input({ name: '@react-router/node', declared: new Map([['react-router', '^7.16.0']]) }),
      { version: '^7.16.0', source: 'family' },
    ],
    ['nothing known: nothing added', input({ name: 'lucide-react' }), null],
  ])('%s', (_label, given, expected) => {
    expect(chooseVersion(given)).toEqual(expected);
  });

  it('a family member without its framework declared is not one', () => {
    expect(familyRange('@angular/forms', new Map([['react', '^19.0.0']]))).toBeNull();
    expect(familyRange('@angular/fire', new Map([['@angular/core', '^21.0.0']]))).toBeNull();
    expect(familyRange('@vue/compiler-sfc', new Map([['vue', '^3.5.0']]))).toBe('^3.5.0');
    expect(familyRange('@remix-run/node', new Map([['@remix-run/react', '^2.17.0']]))).toBe('^2.17.0');
    // React Router 6's internal router has versions of its own.
    expect(familyRange('@remix-run/router', new Map([['@remix-run/react', '^2.17.0']]))).toBeNull();
  });
});
