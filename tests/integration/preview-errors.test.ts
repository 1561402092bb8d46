import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildVersion,
  createPreviewKiln,
  createUser,
  createVersion,
  templateWith,
  type TestKiln,
} from './preview-helpers.ts';

/** Spec §8: a failing install or build ends in its table's title, message and trimmed log. */
describe('preview build errors end in the spec titles', () => {
  let kiln: TestKiln;
  let userId: string;

  beforeAll(async () => {
    kiln = await createPreviewKiln();
    kiln.services.preview.start();
    userId = await createUser(kiln);
  });
  afterAll(async () => kiln?.close());

  async function buildOf(changes: Record<string, string | null>) {
    return (await buildVersion(kiln, { userId, framework: 'react', files: templateWith('react', changes) }))
      .state;
  }

  const packageJson = (
    mutate: (pkg: { scripts: Record<string, string>; dependencies: Record<string, string> }) => void,
  ) => {
    const pkg = JSON.parse(templateWith('react', {}).find((file) => file.name === 'package.json')!.content);
    mutate(pkg);
    return JSON.stringify(pkg, null, 2);
  };

  it('a syntax error → Syntax Error', async () => {
    const state = await buildOf({ 'src/App.tsx': 'export default function App() {\n  return <div>;\n' });
    expect(state.status).toBe('error');
    expect(state.error?.title).toBe('Syntax Error');
    expect(state.error?.description).toBe("There's a syntax error in your code. The AI can help fix it.");
    expect(state.error?.content).toContain('App.tsx');
  }, 120_000);

  it('an import of a missing file → Module Not Found', async () => {
    const state = await buildOf({
      'src/App.tsx':
        "import Card from './components/Card';\nexport default function App() {\n  return <Card />;\n}\n",
    });
    expect(state.error?.title).toBe('Module Not Found');
  }, 120_000);

  it('an unknown package → Package Not Found', async () => {
    const state = await buildOf({
      'package.json': packageJson((pkg) => {
        pkg.dependencies['kiln-surely-no-such-package-4f1c2b'] = '^1.0.0';
      }),
    });
    expect(state.error?.title).toBe('Package Not Found');
    expect(state.error?.description).toContain('kiln-surely-no-such-package-4f1c2b');
  }, 120_000);

  it('an import of a package the project does not declare → Package Not Found, named', async () => {
    const app = templateWith('react', {}).find((file) => file.name === 'src/App.tsx')!.content;
    const state = await buildOf({
      'src/App.tsx': `import confetti from 'kiln-undeclared-confetti/dist';\nconsole.log(confetti);\n${app}`,
    });
    expect(state.error?.title).toBe('Package Not Found');
    expect(state.error?.description).toContain('Not found: kiln-undeclared-confetti.');
  }, 120_000);

  it('a dependency that is not from the registry (file:, link:, git) → refused before install', async () => {
    const state = await buildOf({
      'package.json': packageJson((pkg) => {
        pkg.dependencies['secrets'] = 'file:/etc';
      }),
    });
    expect(state.error?.title).toBe('Package Not Found');
    expect(state.error?.description).toContain('Not found: secrets.');
  }, 120_000);

  // Issue 13: Kiln builds with `build`; `dev` is never required (Angular CLI projects have `start`).
  it('no dev script → builds all the same', async () => {
    const state = await buildOf({
      'package.json': packageJson((pkg) => {
        delete pkg.scripts.dev;
      }),
    });
    expect(state).toEqual({ status: 'ready' });
  }, 120_000);

  it("no build script → the framework's default build", async () => {
    const state = await buildOf({
      'package.json': packageJson((pkg) => {
        delete pkg.scripts.build;
        delete pkg.scripts.dev;
      }),
    });
    expect(state).toEqual({ status: 'ready' });
  }, 120_000);

  it('a version cut off by length reports token-limit and is not built', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId,
      framework: 'react',
      files: templateWith('react', {}),
      finishReason: 'length',
    });
    const events: string[] = [];
    kiln.services.realtime.subscribe(chatId, (event) =>
      events.push(event.type === 'build-status' ? event.status : event.type),
    );
    await kiln.services.preview.requestBuild(chatId, version);
    expect(events).toEqual(['token-limit']);
    expect(await kiln.services.preview.getState(chatId, version)).toEqual({ status: 'token-limit' });
  });
});
