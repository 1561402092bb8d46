import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { FRAMEWORKS, blankTemplateTitle } from '../../src/core/frameworks/index.ts';
import { PLANS } from '../../src/core/plans/index.ts';
import { zipVersion } from '../../src/server/chats/zip.ts';
import { createPreviewKiln, createUser, createVersion } from './preview-helpers.ts';

const run = promisify(execFile);
const TEMPLATES = path.join(import.meta.dirname, '..', '..', 'templates');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-templates-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * Each template is a real project outside Kiln: `npm install && npm run build` in a copy works
 * (this is also what a downloaded zip of a version is). All five run at once: npm mostly waits
 * on the network and its cache.
 */
describe('the blank templates build standalone with npm install && npm run build', () => {
  const builds = new Map<string, Promise<{ stdout: string }>>();
  const buildOf = (framework: string) => {
    let build = builds.get(framework);
    if (!build) {
      const dir = path.join(work, framework);
      fs.cpSync(path.join(TEMPLATES, framework), dir, { recursive: true });
      build = run('sh', ['-c', 'npm install --no-audit --no-fund --loglevel=error && npm run build'], {
        cwd: dir,
        timeout: 600_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      builds.set(framework, build);
    }
    return build;
  };

  it.concurrent.each([...FRAMEWORKS])(
    '%s',
    async (framework) => {
      const pkg = JSON.parse(fs.readFileSync(path.join(TEMPLATES, framework, 'package.json'), 'utf8'));
      expect(Object.keys(pkg.scripts)).toEqual(expect.arrayContaining(['dev', 'build']));
      await buildOf(framework);
      const dist = path.join(work, framework, 'dist');
      const index = fs.existsSync(path.join(dist, 'index.html'))
        ? path.join(dist, 'index.html')
        : path.join(dist, 'app', 'browser', 'index.html');
      expect(fs.readFileSync(index, 'utf8')).toContain(`<title>${blankTemplateTitle(framework)}</title>`);
    },
    600_000,
  );

  it('the zip of a version that holds only its components builds standalone', async () => {
    const kiln = await createPreviewKiln();
    try {
      const userId = await createUser(kiln);
      const { chatId, version } = await createVersion(kiln, {
        userId,
        framework: 'react',
        files: [
          {
            name: 'src/App.tsx',
            content:
              "import Card from './components/Card';\nexport default function App() {\n  return <Card />;\n}\n",
          },
          {
            name: 'src/components/Card.tsx',
            content: 'export default function Card() {\n  return <p className="p-4">Zipped card</p>;\n}\n',
          },
        ],
      });
      const viewer = {
        user: { id: userId, name: 'Owner', email: 'o@example.com' },
        plan: PLANS.free,
        isPremium: false,
        periodStart: null,
      };
      const zip = await zipVersion(kiln.services.db, kiln.services.blobs, viewer, chatId, version);
      const dir = path.join(work, 'zip-react');
      for (const [name, bytes] of Object.entries(unzipSync(zip))) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), bytes);
      }
      await run('sh', ['-c', 'npm install --no-audit --no-fund --loglevel=error && npm run build'], {
        cwd: dir,
        timeout: 600_000,
      });
      const bundle = fs.readdirSync(path.join(dir, 'dist', 'assets')).find((file) => file.endsWith('.js'))!;
      expect(fs.readFileSync(path.join(dir, 'dist', 'assets', bundle), 'utf8')).toContain('Zipped card');
    } finally {
      await kiln.close();
    }
  }, 600_000);
});
