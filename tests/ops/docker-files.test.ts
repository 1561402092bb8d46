import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { DockerfileParser } from 'dockerfile-ast';
import { validate as lintDockerfile, ValidationSeverity } from 'dockerfile-utils';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parseConfig } from '../../src/server/config.ts';

/**
 * Issue 20 item 3: the Dockerfile and deploy/docker-compose.yml, linted and checked without a
 * Docker engine (none on this machine; hadolint is in neither npm nor Debian): the Dockerfile
 * through dockerfile-utils' validator (every rule an error) and shellcheck on its RUN lines, the
 * compose file against the Compose Specification's JSON schema (compose-spec.json beside this
 * file: github.com/compose-spec/compose-spec, schema/compose-spec.json at 170098b), and each Kiln
 * service's environment, with deploy/.env.example's values, through Kiln's own configuration parser.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const hasShellcheck = spawnSync('shellcheck', ['--version']).status === 0;
const hasCaddy = spawnSync('caddy', ['version']).status === 0;

describe('Dockerfile', () => {
  const text = read('Dockerfile');
  const dockerfile = DockerfileParser.parse(text);
  const stages = dockerfile.getFROMs();
  const runtime = dockerfile
    .getInstructions()
    .filter((i) => i.getRange().start.line > stages[2]!.getRange().start.line);
  const argumentsOf = (keyword: string) =>
    runtime.filter((i) => i.getKeyword() === keyword).map((i) => i.getArgumentsContent() ?? '');

  it('passes the Dockerfile linter with every rule an error', () => {
    const everyRule = Object.fromEntries(
      [
        'deprecatedMaintainer',
        'directiveCasing',
        'emptyContinuationLine',
        'instructionCasing',
        'instructionCmdMultiple',
        'instructionEntrypointMultiple',
        'instructionHealthcheckMultiple',
        'instructionJSONInSingleQuotes',
        'instructionWorkdirRelative',
      ].map((rule) => [rule, ValidationSeverity.ERROR]),
    );
    expect(lintDockerfile(text, everyRule).map((problem) => problem.message)).toEqual([]);
  });

  it.skipIf(!hasShellcheck)('has RUN commands shellcheck finds nothing in (as hadolint does)', () => {
    for (const run of dockerfile.getInstructions().filter((i) => i.getKeyword() === 'RUN')) {
      const script = `#!/bin/sh\n${run.getArgumentsContent()!.replace(/\\\n/g, ' ')}\n`;
      const result = spawnSync('shellcheck', ['-'], { input: script, encoding: 'utf8' });
      expect(result.stdout, script).toBe('');
    }
  });

  it('builds in its own stage and runs on a Debian Node image with production dependencies only', () => {
    expect(stages.map((from) => from.getBuildStage())).toEqual(['deps', 'build', 'runtime']);
    for (const from of stages) {
      expect(from.getImageName()).toBe('node');
      expect(from.getImageTag()).toBe('${NODE_VERSION}-bookworm-slim');
    }
    expect(text).toMatch(/^ARG NODE_VERSION=(22|24)$/m);
    expect(text).toMatch(/^RUN npm ci --omit=dev /m);
    expect(text).toMatch(/npm run build /);
    expect(text).toMatch(/npm run --if-present build:server/);
    const copies = [...text.matchAll(/^COPY (.+)$/gm)].map((match) => match[1]);
    expect(copies.slice(-3)).toEqual([
      '--from=deps /app/node_modules ./node_modules',
      '. .',
      '--from=build /app/dist ./dist',
    ]);
  });

  it('rewrites no input of the builds after them: npm start would find them stale in a read-only /app', () => {
    // npm prune rewrites package-lock.json, an input of both builds (scripts/server-build.mjs,
    // src/server/http/web-bundle.ts); dist/ is copied after the sources, so it is the newest.
    const runs = dockerfile.getInstructions().filter((i) => i.getKeyword() === 'RUN');
    for (const run of runs) expect(run.getArgumentsContent()).not.toMatch(/npm (prune|install)/);
    const copies = [...text.matchAll(/^COPY (.+)$/gm)].map((match) => match[1]);
    expect(copies.at(-1)).toBe('--from=build /app/dist ./dist');
  });

  it('installs Chromium, bubblewrap and an init, and points Kiln at that Chromium', () => {
    const installed = argumentsOf('RUN').join(' ');
    for (const pkg of ['chromium', 'bubblewrap', 'tini', 'ca-certificates']) {
      expect(installed).toMatch(new RegExp(`\\s${pkg}\\s`));
    }
    expect(argumentsOf('ENV').join(' ')).toContain('KILN_CHROMIUM_PATH=/usr/bin/chromium');
    expect(argumentsOf('ENTRYPOINT')).toEqual(['["/usr/bin/tini", "--"]']);
  });

  it('runs as a user of its own with its data in a volume', () => {
    expect(argumentsOf('USER')).toEqual(['kiln']);
    expect(argumentsOf('VOLUME')).toEqual(['["/data"]']);
    expect(argumentsOf('ENV').join(' ')).toContain('KILN_DATA_DIR=/data');
    expect(argumentsOf('EXPOSE')).toEqual(['3000']);
  });

  it('runs what npm start runs, under an init', () => {
    const start = JSON.parse(read('package.json')).scripts.start as string;
    expect(argumentsOf('CMD')).toEqual(['["node", "--max-semi-space-size=4", "scripts/start.mjs"]']);
    expect(start).toMatch(/^(exec )?node --max-semi-space-size=4 scripts\/start\.mjs$/);
    expect(argumentsOf('ENTRYPOINT')).toEqual(['["/usr/bin/tini", "--"]']);
  });

  it('checks its health on /api/health of its own port', () => {
    const [healthcheck] = argumentsOf('HEALTHCHECK');
    expect(healthcheck).toContain("'/api/health'");
    expect(healthcheck).toContain('process.env.PORT');
  });

  it('sets only variables Kiln reads, each valid for Kiln', () => {
    const env = Object.fromEntries(
      argumentsOf('ENV')
        .join(' ')
        .split(/\s*\\?\s+/)
        .filter((pair) => pair.includes('='))
        .map((pair) => pair.split('=') as [string, string]),
    );
    for (const name of Object.keys(env).filter((name) => name.startsWith('KILN_'))) {
      expect(configVariables(), name).toContain(name);
    }
    expect(() => parseConfig(env)).not.toThrow();
  });

  it('keeps local data, secrets and dependencies out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', '.kiln', '.env', '.git']) expect(ignored).toContain(entry);
  });
});

describe('deploy/docker-compose.yml', () => {
  const text = read('deploy/docker-compose.yml');
  // Compose reads YAML 1.1 merge keys (<<), used for the settings every Kiln service shares.
  const compose = parseYaml(text, { merge: true }) as Compose;
  const example = parseEnvFile(read('deploy/.env.example'));
  const kilnServices = Object.entries(compose.services).filter(([, service]) =>
    String(service.image).includes('kiln'),
  );

  it('is valid against the Compose Specification schema', () => {
    const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
    // The schema names draft-07 by its https address; Ajv knows it under http.
    const draft07 = JSON.parse(read('node_modules/ajv/dist/refs/json-schema-draft-07.json')) as object;
    ajv.addMetaSchema({ ...draft07, $id: 'https://json-schema.org/draft-07/schema' });
    const check = ajv.compile(JSON.parse(read('tests/ops/compose-spec.json')) as object);
    expect(check(compose) ? [] : check.errors).toEqual([]);
  });

  it('runs PostgreSQL, MinIO with its bucket, Caddy, 2 web processes and 2 build workers', () => {
    const roles = kilnServices.map(([name, service]) => [name, service.environment?.KILN_ROLE]);
    expect(roles).toEqual([
      ['web-1', 'web'],
      ['web-2', 'web'],
      ['worker-1', 'worker'],
      ['worker-2', 'worker'],
    ]);
    expect(compose.services.postgres?.image).toMatch(/^postgres:\d+/);
    expect(compose.services.minio?.image).toContain('minio/minio');
    expect(compose.services['minio-setup']?.command?.join('\n')).toContain('mc mb --ignore-existing');
    expect(compose.services.caddy?.image).toMatch(/^caddy:/);
    for (const [, service] of kilnServices) expect(service.build?.context).toBe('..');
  });

  it('gives every Kiln process the same database, bucket and secret, and a data volume of its own', () => {
    const shared = [
      'DATABASE_URL',
      'KILN_SECRET',
      'KILN_S3_BUCKET',
      'KILN_S3_ENDPOINT',
      'KILN_S3_ACCESS_KEY_ID',
    ];
    const [, first] = kilnServices[0]!;
    for (const [name, service] of kilnServices) {
      for (const key of shared)
        expect(service.environment?.[key], `${name} ${key}`).toBe(first.environment?.[key]);
    }
    const volumes = kilnServices.map(([, service]) => service.volumes?.[0]);
    expect(new Set(volumes).size).toBe(kilnServices.length);
    for (const volume of volumes) expect(volume).toMatch(/^[a-z0-9-]+:\/data$/);
  });

  it("sets only variables Kiln reads, and each Kiln service's settings are a valid configuration", () => {
    for (const [name, service] of kilnServices) {
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [
          key,
          interpolate(String(value), example),
        ]),
      );
      for (const key of Object.keys(env).filter((key) => key.startsWith('KILN_'))) {
        expect(configVariables(), `${name}: ${key}`).toContain(key);
      }
      const config = parseConfig(env);
      expect(config.databaseUrl, name).toMatch(/^postgres:\/\/kiln:.+@postgres:5432\/kiln$/);
      expect(config.s3?.endpoint, name).toBe('http://minio:9000');
      expect(config.secret, name).toBe(example.KILN_SECRET);
      expect(config.role, name).toBe(name.startsWith('web') ? 'web' : 'worker');
    }
  });

  it("waits longer than Kiln's graceful shutdown before it kills a process", () => {
    for (const [name, service] of kilnServices) {
      const shutdownMs = Number(service.environment?.KILN_SHUTDOWN_TIMEOUT_MS);
      const graceSeconds = Number(/^(\d+)s$/.exec(service.stop_grace_period ?? '')?.[1]);
      expect(shutdownMs, name).toBeGreaterThan(0);
      expect(graceSeconds * 1000, name).toBeGreaterThan(shutdownMs + 5000);
    }
  });

  it('leaves no required setting out of deploy/.env.example', () => {
    const required = [...text.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((match) => match[1]!);
    expect(required.length).toBeGreaterThan(0);
    for (const name of required) expect(example[name], name).toBeTruthy();
  });

  it('starts Kiln after healthy dependencies, the migrations on web-1 before the others', () => {
    const web1 = compose.services['web-1']!;
    expect(web1.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      'minio-setup': { condition: 'service_completed_successfully' },
    });
    for (const name of ['web-2', 'worker-1', 'worker-2']) {
      expect(compose.services[name]?.depends_on, name).toEqual({ 'web-1': { condition: 'service_healthy' } });
    }
    expect(compose.services['minio-setup']?.depends_on).toEqual({ minio: { condition: 'service_healthy' } });
    for (const name of ['postgres', 'minio', 'web-1', 'web-2', 'caddy']) {
      expect(compose.services[name]?.healthcheck?.test, name).toBeDefined();
    }
    expect(JSON.stringify(web1.healthcheck?.test)).toContain('/api/health');
  });

  it('lets the processes that run generated code (builds, app servers) make the sandbox’s namespaces, and adds no capability', () => {
    for (const [name, service] of kilnServices) {
      expect(service.privileged, name).toBeUndefined();
      expect(service.cap_add, name).toBeUndefined();
      // Web processes run the app servers of previews and sites (decision 0054) in bubblewrap too.
      expect(service.security_opt, name).toEqual([
        'seccomp=unconfined',
        'apparmor=unconfined',
        'systempaths=unconfined',
      ]);
      if (name.startsWith('worker')) expect(service.healthcheck, name).toEqual({ disable: true });
    }
    for (const [name, service] of Object.entries(compose.services)) {
      if (!kilnServices.some(([kiln]) => kiln === name)) expect(service.security_opt, name).toBeUndefined();
    }
  });

  it.skipIf(!hasCaddy)(
    'has a Caddyfile Caddy reads, balancing both web processes and asking through them',
    () => {
      const adapted = execFileSync(
        'caddy',
        ['adapt', '--adapter', 'caddyfile', '--config', path.join(root, 'deploy/Caddyfile.compose')],
        { env: { ...process.env, KILN_HOST: 'kiln.example.com' }, encoding: 'utf8', cwd: os.tmpdir() },
      );
      const config = JSON.stringify(JSON.parse(adapted));
      expect(config).toContain('"dial":"web-1:3000"');
      expect(config).toContain('"dial":"web-2:3000"');
      expect(config).toContain('"ask":"http://127.0.0.1:8081/api/tls/ask"');
      expect(config).toContain('"kiln.example.com"');
      // Caddy's fixed address is the one proxy Kiln trusts, outside the range others are given.
      expect(compose.services.caddy?.networks).toEqual({ kiln: { ipv4_address: '172.28.0.10' } });
      expect(compose.networks.kiln.ipam.config).toEqual([
        { subnet: '172.28.0.0/24', ip_range: '172.28.0.128/25' },
      ]);
      for (const [name, service] of kilnServices) {
        expect(service.environment?.KILN_TRUSTED_PROXIES, name).toBe('172.28.0.10');
      }
      const mounted = compose.services.caddy?.volumes ?? [];
      expect(mounted).toContain('./Caddyfile.compose:/etc/caddy/Caddyfile:ro');
    },
  );
});

describe('backup and restore scripts', () => {
  it.skipIf(!hasShellcheck)('pass shellcheck', () => {
    const result = spawnSync('shellcheck', ['scripts/backup.sh', 'scripts/restore.sh'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  });
});

interface ComposeService {
  image?: string;
  build?: { context: string };
  command?: string[];
  environment?: Record<string, string>;
  stop_grace_period?: string;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  security_opt?: string[];
  privileged?: boolean;
  cap_add?: string[];
  networks?: unknown;
}
interface Compose {
  services: Record<string, ComposeService>;
  networks: { kiln: { ipam: { config: object[] } } };
}

/** The variables src/server/config.ts reads (its schema's keys). */
function configVariables(): string[] {
  return [...read('src/server/config.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((match) => match[1]!);
}

/** KEY=value lines; comments and blank lines skipped. */
function parseEnvFile(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
  return Object.fromEntries(entries) as Record<string, string>;
}

/** Compose's interpolation: ${NAME}, ${NAME:-default}, ${NAME:?error}; $$ is a literal $. */
function interpolate(value: string, env: Record<string, string>): string {
  return value
    .replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
      const set = env[name];
      if (set) return set;
      if (kind === '?') throw new Error(`${name} is required: ${rest}`);
      return kind === '-' ? (rest ?? '') : '';
    })
    .replace(/\$\$/g, '$');
}
