import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Framework } from '../../core/frameworks/index.ts';
import { buildEnv, lstatOrNull, MAX_OUTPUT_FILE_BYTES } from './build-step.ts';
import type { ProjectFile } from './content-hash.ts';
import { installDependencies, type PnpmPaths } from './install.ts';
import { sanitizePackageJson } from './package-json.ts';
import { startLimited, type LimitedProcess, type ProcessLimits } from './run-limited.ts';
import { sandboxCommand, type Sandbox } from './sandbox.ts';
import type { BuildEgress } from './egress/build-egress.ts';
import { materializeWorkspace, removeWorkspace } from './workspace.ts';

/**
 * The build script a standby runs for each framework it serves: its template's own script
 * (Vite's `vite build`, Angular's `ng build`), and the runner that preloads that tool.
 * `warmUp`: the runner first builds the blank template in a folder of its own (see `prepare`).
 */
const STANDBY_BUILDS: Partial<
  Record<Framework, { script: string; runner: string; cache?: string; warmUp?: boolean }>
> = {
  react: { script: 'vite build', runner: 'standby-runner.mjs', warmUp: true },
  vue: { script: 'vite build', runner: 'standby-runner.mjs', warmUp: true },
  svelte: { script: 'vite build', runner: 'standby-runner.mjs', warmUp: true },
  // Angular's persistent build cache (its default `cli.cache.path`), seeded from a build of the
  // template: the linked and optimized node_modules code every project of these dependencies shares.
  angular: { script: 'ng build', runner: 'standby-runner-angular.mjs', cache: '.angular' },
};

/** Files of a seeded cache that belong to the build that wrote them, not to the next one. */
const SEED_LEFT_OUT = /(?:-lock|\.tsbuildinfo)$/;

/** Frameworks a standby can build. */
export const STANDBY_FRAMEWORKS = Object.keys(STANDBY_BUILDS) as readonly Framework[];

/** The only build script (spaces normalized) a project may have to be built in its standby. */
export function standbyScript(framework: Framework): string | undefined {
  return STANDBY_BUILDS[framework]?.script;
}

/**
 * A build started ahead of its version (decision 0036): a workspace with the template's
 * dependencies installed and a sandboxed Node process that has already loaded the build tool
 * (Vite and the framework's plugins, or Angular's CLI, builder and compiler). It serves exactly
 * one build, then it is gone; no state crosses builds.
 */
export interface Standby {
  framework: Framework;
  workspace: string;
  /** The dependencies it was installed with; a version must need exactly these. */
  dependencyKey: string;
  process: LimitedProcess;
  /** Its runner built the blank template before it said it was ready (`warmUp`). */
  warmedUp: boolean;
}

/** The dependencies of a package.json, in a stable form to compare two projects. */
export function dependencyKey(packageJson: {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}): string {
  const sorted = (deps: Record<string, string> = {}) =>
    Object.entries(deps).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([sorted(packageJson.dependencies), sorted(packageJson.devDependencies)]);
}

export interface StandbyPoolOptions {
  workspacesDir: string;
  pnpm: PnpmPaths;
  sandbox: Sandbox;
  limits: ProcessLimits;
  templateFiles: (framework: Framework) => Promise<ProjectFile[]>;
  log: (message: string) => void;
  /** A standby's build reaches public hosts as a cold build does (decision 0063). */
  egress?: BuildEgress;
}

/**
 * One standby per framework in use, refilled after each of its builds. A framework has none until
 * its first build in this process (decision 0052): a standby is a resident Node with the build
 * tool loaded (about 140 MB for Vite once warmed up, 170 MB for Angular), so a server that builds only React
 * does not keep Vue's, Svelte's and Angular's too.
 */
export class StandbyPool {
  private readonly ready = new Map<Framework, Standby>();
  /** Frameworks built since start: the ones that keep a standby. */
  private readonly inUse = new Set<Framework>();
  private readonly preparing = new Map<Framework, Promise<void>>();
  /** A build cache per framework and dependencies, written once by a build of the template. */
  private readonly seeds = new Map<string, Promise<string | null>>();
  private closed = false;

  constructor(private readonly options: StandbyPoolOptions) {}

  /** Prepares a standby for each framework in use that has none (in the background). */
  fill(): Promise<void> {
    return Promise.all([...this.inUse].map((framework) => this.refill(framework))).then(() => undefined);
  }

  /** After a build of `framework`: it is in use, so it gets a standby if it has none. */
  refill(framework: Framework): Promise<void> {
    if (this.closed || !STANDBY_FRAMEWORKS.includes(framework)) return Promise.resolve();
    this.inUse.add(framework);
    if (this.ready.has(framework)) return Promise.resolve();
    let pending = this.preparing.get(framework);
    if (!pending) {
      pending = this.prepare(framework)
        .then((standby) => {
          if (!standby) return;
          if (this.closed) void this.discard(standby);
          else this.ready.set(framework, standby);
        })
        .catch((error: unknown) => this.options.log(`preview: standby ${framework} failed: ${String(error)}`))
        .finally(() => this.preparing.delete(framework));
      this.preparing.set(framework, pending);
    }
    return pending;
  }

  /**
   * Tests and benchmarks that time standby builds wait here: every framework gets a standby (as
   * if each had been built once), then this settles when none is being prepared.
   */
  async whenReady(): Promise<void> {
    await Promise.all(STANDBY_FRAMEWORKS.map((framework) => this.refill(framework)));
    while (this.preparing.size > 0) await Promise.allSettled([...this.preparing.values()]);
  }

  /**
   * Waits (at most `maxMs`) for the framework's standby being prepared, when it is being prepared
   * with exactly these dependencies: a person's first build of a framework then takes the standby
   * that started while the model answered (issue 35 item 6) instead of a cold build beside it.
   */
  async whenPrepared(framework: Framework, key: string, maxMs: number): Promise<void> {
    const pending = this.preparing.get(framework);
    if (!pending || this.ready.has(framework)) return;
    const template = await this.options.templateFiles(framework);
    const manifest = sanitizePackageJson(
      template.find((file) => file.name === 'package.json')?.content ?? '{}',
    );
    if (!manifest.ok || dependencyKey(manifest.packageJson) !== key) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([pending, new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)))]);
    clearTimeout(timer);
  }

  /** The framework's standby, if it is alive and was installed with exactly these dependencies. */
  take(framework: Framework, key: string): Standby | null {
    const standby = this.ready.get(framework);
    if (!standby || standby.dependencyKey !== key) return null;
    this.ready.delete(framework);
    if (standby.process.hasEnded) {
      void this.discard(standby);
      return null;
    }
    return standby;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.preparing.values()]);
    await Promise.all([...this.ready.values()].map((standby) => this.discard(standby)));
    this.ready.clear();
    for (const seed of await Promise.all(this.seeds.values())) {
      if (seed) await fs.rm(seed, { recursive: true, force: true });
    }
    this.seeds.clear();
  }

  private async discard(standby: Standby): Promise<void> {
    standby.process.kill();
    await standby.process.result;
    await removeWorkspace(standby.workspace);
  }

  private async prepare(framework: Framework): Promise<Standby | null> {
    const { options } = this;
    const template = await options.templateFiles(framework);
    const manifest = sanitizePackageJson(
      template.find((file) => file.name === 'package.json')?.content ?? '{}',
    );
    if (!manifest.ok) return null;
    const workspace = path.join(
      options.workspacesDir,
      `standby-${framework}-${randomBytes(4).toString('hex')}`,
    );
    await materializeWorkspace(workspace, [{ name: 'package.json', content: manifest.text }]);
    const install = await installDependencies(workspace, options.pnpm, options.limits);
    if (install.exitCode !== 0) {
      await fs.rm(workspace, { recursive: true, force: true });
      return null;
    }
    const key = dependencyKey(manifest.packageJson);
    const { cache, warmUp } = STANDBY_BUILDS[framework]!;
    const seed = cache ? await this.seed(framework, key, template, manifest.text) : null;
    if (cache && seed) await fs.cp(seed, path.join(workspace, cache), { recursive: true });
    // The blank template (Kiln's own files), which the runner builds once before it says it is
    // ready: the first build of a process runs the tool's code cold (loaded on first use, not yet
    // optimized), so the project's build is then a second one (about 40% less CPU for Vite). In a
    // folder of its own, which the runner removes: what the tools keep by path (Vue's descriptor
    // cache, Tailwind's resolver) is never a path of the project; by content, only Kiln's template.
    const warmUpDir = warmUp
      ? path.join(workspace, '.kiln-home', `warm-up-${randomBytes(4).toString('hex')}`)
      : null;
    if (warmUpDir) await materializeWorkspace(warmUpDir, template);
    const limited = await this.startRunner(framework, workspace, warmUpDir);
    if (!(await limited.ready)) {
      // It ended before it was ready (a broken template install): no standby for this framework.
      const outcome = await limited.result;
      options.log(`preview: standby ${framework} ended early:\n${outcome.output.slice(-1000)}`);
      await removeWorkspace(workspace);
      return null;
    }
    // The runner removes the template once built; left there, a project's build could see it.
    if (warmUpDir && lstatOrNull(warmUpDir)) {
      options.log(`preview: standby ${framework} left its warm-up build behind`);
      await this.discard({ framework, workspace, dependencyKey: key, process: limited, warmedUp: false });
      return null;
    }
    return { framework, workspace, dependencyKey: key, process: limited, warmedUp: warmUpDir !== null };
  }

  /** Starts the framework's runner in the sandbox of `workspace`; it waits for "build". */
  private async startRunner(
    framework: Framework,
    workspace: string,
    warmUpDir: string | null = null,
  ): Promise<LimitedProcess> {
    const { options } = this;
    const runner = STANDBY_BUILDS[framework]!.runner;
    const runnerInWorkspace = path.join(workspace, '.kiln-home', runner);
    await fs.copyFile(fileURLToPath(new URL(`./${runner}`, import.meta.url)), runnerInWorkspace);
    // Its egress lives as long as the runner: opened now, closed when it ends.
    const egress = (await options.egress?.open()) ?? null;
    const env = buildEnv(workspace, options.limits, egress);
    const wrapped = sandboxCommand(
      options.sandbox,
      workspace,
      env,
      process.execPath,
      warmUpDir ? [runnerInWorkspace, warmUpDir] : [runnerInWorkspace],
      MAX_OUTPUT_FILE_BYTES,
      { binds: egress?.binds },
    );
    const limited = startLimited(
      wrapped.command,
      wrapped.args,
      {
        cwd: workspace,
        env: options.sandbox.kind === 'bwrap' ? { PATH: '/usr/bin:/bin' } : env,
        uid: wrapped.uid,
        gid: wrapped.gid,
        limits: options.limits,
        notes: egress ? (write) => egress.attach(write) : undefined,
      },
      { isStandby: true },
    );
    void limited.result.then(() => egress?.close()).catch(() => undefined);
    return limited;
  }

  /**
   * The framework's build cache for these dependencies, made once: the blank template (Kiln's own
   * files, no user's) is built by a one-shot runner in its own sandboxed workspace, and the cache
   * it wrote is kept outside any sandbox. Each standby gets a copy, so a build can only change
   * its own copy. Null (standbys without a cache) if that build fails.
   */
  private seed(
    framework: Framework,
    key: string,
    template: readonly ProjectFile[],
    packageJson: string,
  ): Promise<string | null> {
    const id = `${framework}:${key}`;
    let pending = this.seeds.get(id);
    if (!pending) {
      pending = this.buildSeed(framework, template, packageJson).catch((error: unknown) => {
        this.options.log(`preview: standby ${framework} cache failed: ${String(error)}`);
        return null;
      });
      this.seeds.set(id, pending);
    }
    return pending;
  }

  private async buildSeed(
    framework: Framework,
    template: readonly ProjectFile[],
    packageJson: string,
  ): Promise<string | null> {
    const { options } = this;
    const cache = STANDBY_BUILDS[framework]!.cache!;
    const suffix = randomBytes(4).toString('hex');
    const workspace = path.join(options.workspacesDir, `standby-seed-build-${framework}-${suffix}`);
    try {
      await materializeWorkspace(workspace, template);
      await fs.writeFile(path.join(workspace, 'package.json'), packageJson);
      const install = await installDependencies(workspace, options.pnpm, options.limits);
      if (install.exitCode !== 0) return null;
      const limited = await this.startRunner(framework, workspace);
      if (!(await limited.ready)) return null;
      // As a preview's build (with source maps): Angular keys its cache entries by the build's
      // options, so a seed written without them would miss on every preview build (issue 34 item 4).
      limited.arm('build sourcemap\n');
      const outcome = await limited.result;
      if (outcome.exitCode !== 0 || !existsSync(path.join(workspace, cache))) {
        options.log(`preview: standby ${framework} cache build failed:\n${outcome.output.slice(-1000)}`);
        return null;
      }
      const seed = path.join(options.workspacesDir, `standby-seed-${framework}-${suffix}`);
      await fs.cp(path.join(workspace, cache), seed, {
        recursive: true,
        filter: (source) => !SEED_LEFT_OUT.test(source),
      });
      return seed;
    } finally {
      await removeWorkspace(workspace);
    }
  }
}

/** What a standby prepared in its workspace: dependencies, the runner, a seeded build cache. */
const PREPARED = new Set(['node_modules', '.kiln-home', '.angular']);

/**
 * Puts a project into a standby's workspace: the template's own files that the project does not
 * have are removed (what the standby prepared stays), then the project's files are written.
 */
export async function fillStandbyWorkspace(workspace: string, files: readonly ProjectFile[]): Promise<void> {
  for (const entry of await fs.readdir(workspace)) {
    if (PREPARED.has(entry)) continue;
    await fs.rm(path.join(workspace, entry), { recursive: true, force: true });
  }
  await materializeWorkspace(workspace, files);
}
