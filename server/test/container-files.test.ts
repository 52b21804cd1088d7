import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { EnvSchema, parseEnv } from '../src/config/env.js';
import { REPO_ROOT } from '../src/config/paths.js';
import { buildTestApp, closeTestApp } from './build-test-app.js';
import type { ComposeFile, Stage } from './container-files.js';
import {
  DOCKERFILE_KEYWORDS,
  activeCompose,
  commentedEnvironmentExamples,
  commentedVariant,
  copyPaths,
  instructionsOf,
  interpolatedEnvironment,
  isIgnored,
  parseDockerfile,
  readRepoFile,
  romshelfServices,
  stageEnv,
  stageWorkdir,
} from './container-files.js';

interface Semver {
  minVersion(range: string): { version: string; major: number } | null;
}
// semver ships with npm's own tree here (as in engines.test.ts).
const semver = createRequire(import.meta.url)('semver') as Semver;

interface PackageJson {
  main?: string;
  exports?: Record<string, { default?: string }>;
  scripts?: Record<string, string>;
  workspaces?: string[];
  engines?: { node?: string };
  overrides?: Record<string, unknown>;
}

function readPackage(folder: string): PackageJson {
  return JSON.parse(readRepoFile(path.join(folder, 'package.json'))) as PackageJson;
}

const rootPackage = readPackage('.');
const knownVariables = new Set(Object.keys(EnvSchema.shape));
const dockerfile = parseDockerfile(readRepoFile('Dockerfile'));
const dockerignore = readRepoFile('.dockerignore');
const buildStage = dockerfile.stages[0] as Stage;
const runtimeStage = dockerfile.stages.at(-1) as Stage;
const imageEnv = stageEnv(runtimeStage);
const imageConfig = parseEnv(imageEnv, {
  cwd: stageWorkdir(runtimeStage),
  repoRoot: stageWorkdir(runtimeStage),
});
const composeText = readRepoFile('compose.yaml');

/** Whether `file` lies in `folder` or is it. */
function isWithin(file: string, folder: string): boolean {
  const relative = path.posix.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.posix.isAbsolute(relative));
}

/**
 * Where the runtime stage's copies land. Each copies a build-stage path to the same path, so what
 * the build made where the server looks is where the image has it.
 */
function copiedFromBuild(): string[] {
  return instructionsOf(runtimeStage, 'COPY').flatMap((copy) => {
    expect(copy.flags.from).toBe(buildStage.name);
    const destination = copy.args.at(-1) ?? '';
    const { sources, target } = copyPaths(runtimeStage, copy);
    return sources.map((source) => {
      // A folder's content lands in the destination; a file copied into a folder keeps its name.
      const landed =
        source.endsWith('/') || !destination.endsWith('/')
          ? target
          : path.posix.join(target, path.posix.basename(source));
      expect(landed, source).toBe(path.posix.normalize(source).replace(/\/$/, ''));
      return landed;
    });
  });
}

/** A `server/dist/<x>.js` path (relative to the repository) mapped to its TypeScript source. */
function serverSourceOf(distFile: string): string {
  const match = /^server\/dist\/(.+)\.js$/.exec(distFile);
  if (match === null) throw new Error(`${distFile} is not a built server file`);
  return path.join(REPO_ROOT, 'server', 'src', `${match[1] ?? ''}.ts`);
}

describe('Dockerfile', () => {
  it('uses only Dockerfile instructions, and a Node LTS image the project supports', () => {
    const keywords = dockerfile.stages.flatMap((stage) =>
      stage.instructions.map((instruction) => instruction.keyword),
    );
    expect(keywords.filter((keyword) => !DOCKERFILE_KEYWORDS.has(keyword))).toEqual([]);
    expect(dockerfile.stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
    const oldest = semver.minVersion(rootPackage.engines?.node ?? '');
    for (const stage of dockerfile.stages) {
      const major = Number(/^node:(\d+)-/.exec(stage.image)?.[1]);
      // Even-numbered Node lines are the long-term-support ones.
      expect(major % 2).toBe(0);
      expect(major).toBeGreaterThanOrEqual(oldest?.major ?? Infinity);
    }
  });

  it('copies from the build context files that exist and that .dockerignore lets through', () => {
    const contextCopies = instructionsOf(buildStage, 'COPY').filter(
      (copy) => copy.flags.from === undefined,
    );
    const sources = contextCopies.flatMap((copy) => copyPaths(buildStage, copy).sources);
    expect(sources.length).toBeGreaterThan(1);
    for (const source of sources) {
      expect(existsSync(path.join(REPO_ROOT, source)), source).toBe(true);
      expect(isIgnored(dockerignore, source), source).toBe(false);
    }
    // Host builds and installs (native modules built for another system) never enter the image.
    for (const hostOnly of [
      'node_modules',
      'server/node_modules',
      'server/dist',
      'web/dist',
      'data',
      '.env',
    ]) {
      expect(isIgnored(dockerignore, hostOnly), hostOnly).toBe(true);
    }
  });

  it('gives `npm ci` every workspace manifest and local override package before it runs', () => {
    const ciIndex = buildStage.instructions.findIndex(
      (instruction) => instruction.keyword === 'RUN' && /\bnpm ci\b/.test(instruction.text),
    );
    expect(ciIndex).toBeGreaterThan(-1);
    const copiedBefore = buildStage.instructions
      .slice(0, ciIndex)
      .filter((instruction) => instruction.keyword === 'COPY')
      .flatMap((copy) =>
        copyPaths(buildStage, copy).sources.map((source) => source.replace(/\/$/, '')),
      );
    const localOverrides = Object.values(rootPackage.overrides ?? {})
      .filter((value): value is string => typeof value === 'string' && value.startsWith('file:'))
      .map((value) => path.posix.normalize(value.slice('file:'.length)));
    const needed = [
      'package.json',
      'package-lock.json',
      '.npmrc',
      ...(rootPackage.workspaces ?? []).map((workspace) => `${workspace}/package.json`),
      ...localOverrides,
    ];
    expect(localOverrides).toEqual(['vendor/empty-cores']);
    for (const file of needed) {
      expect(
        copiedBefore.some((source) => isWithin(file, source)),
        file,
      ).toBe(true);
    }
  });

  it('ships what `npm run build` makes: server, contract, web app and emulator files', () => {
    expect(
      instructionsOf(buildStage, 'RUN').some((run) => /\bnpm run build\b/.test(run.text)),
    ).toBe(true);
    const buildScript = rootPackage.scripts?.build ?? '';
    expect(buildScript).toMatch(/\btsc -b contract server\b/);
    // Without a target argument, the emulators are laid out where the server looks by default.
    expect(buildScript).toMatch(/node server\/dist\/scripts\/prepare-emulators\.js(\s*$|\s*&&)/);

    const workdir = stageWorkdir(runtimeStage);
    expect(stageWorkdir(buildStage)).toBe(workdir);
    const copied = copiedFromBuild();
    const needed = [
      imageConfig.webDir,
      imageConfig.emulatorsDir,
      path.posix.join(workdir, 'package.json'),
      path.posix.join(workdir, 'node_modules'),
      ...(rootPackage.workspaces ?? []).flatMap((workspace) => {
        const manifest = readPackage(workspace);
        const entries = [manifest.main, manifest.exports?.['.']?.default].filter(
          (entry): entry is string => entry !== undefined,
        );
        return [
          path.posix.join(workdir, workspace, 'package.json'),
          ...entries.map((entry) => path.posix.join(workdir, workspace, entry)),
        ];
      }),
    ];
    expect(imageConfig.emulatorsDir).toBe('/app/server/dist/emulators');
    for (const file of needed) {
      expect(
        copied.some((target) => isWithin(file, target)),
        file,
      ).toBe(true);
    }
  });

  it("prunes the build-time packages, the web app's included, before the runtime copies them", () => {
    const runs = instructionsOf(buildStage, 'RUN').map((run) => run.text);
    expect(runs.some((text) => /npm run build\s+&&\s+npm prune --omit=dev\b/.test(text))).toBe(
      true,
    );
    // The web app is bundled by the build: its packages are build-time ones, left out by the prune.
    const web = JSON.parse(readRepoFile('web/package.json')) as Record<string, unknown>;
    expect(web.dependencies).toBeUndefined();
    expect(Object.keys(web.devDependencies ?? {})).toContain('react');
  });

  it('starts the server that `npm run build` compiles', () => {
    const [command] = instructionsOf(runtimeStage, 'CMD');
    expect(command?.execForm).toBe(true);
    expect(command?.args).toEqual(['node', 'server/dist/main.js']);
    expect(existsSync(serverSourceOf(command?.args[1] ?? ''))).toBe(true);
  });

  it('runs as an unprivileged user, with the data and library folders as volumes', () => {
    const user = instructionsOf(runtimeStage, 'USER').at(-1)?.args[0];
    expect(user).toBe('node');
    expect(Object.keys(imageEnv).filter((name) => !knownVariables.has(name))).toEqual([]);
    expect(instructionsOf(runtimeStage, 'VOLUME').flatMap((volume) => volume.args)).toEqual([
      imageConfig.dataDir,
      imageConfig.libraryDir,
    ]);
    expect([imageConfig.dataDir, imageConfig.libraryDir]).toEqual(['/data', '/library']);
    const ownership = instructionsOf(runtimeStage, 'RUN').map((run) => run.text);
    expect(ownership).toContain(`mkdir -p /data /library && chown ${user}:${user} /data /library`);
    expect(instructionsOf(runtimeStage, 'EXPOSE').map((expose) => expose.args[0])).toEqual([
      String(imageConfig.port),
    ]);
  });

  it('checks its health with a command that passes on a running server and fails without one', async () => {
    const [healthcheck] = instructionsOf(runtimeStage, 'HEALTHCHECK');
    expect(healthcheck?.execForm).toBe(true);
    const [program, ...args] = healthcheck?.args ?? [];
    expect(program).toBe('node');
    expect(healthcheck?.text).toContain('/api/heartbeat');

    const { app } = await buildTestApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = String((app.server.address() as AddressInfo).port);
    // Run beside the server (not blocking this process, which serves the request).
    const run = () =>
      new Promise<number | null>((resolve, reject) => {
        const child = spawn(process.execPath, args, {
          env: { ...imageEnv, PORT: port },
          stdio: 'ignore',
          timeout: 15_000,
        });
        child.on('error', reject);
        child.on('exit', resolve);
      });
    expect(await run()).toBe(0);
    await closeTestApp(app);
    expect(await run()).toBe(1);
  }, 60_000);
});

function checkRomshelfServices(compose: ComposeFile, secrets: Record<string, string>): void {
  const services = romshelfServices(compose);
  expect(services.length).toBeGreaterThan(0);
  for (const [name, service] of services) {
    const env = interpolatedEnvironment(service, secrets);
    expect(
      Object.keys(env).filter((variable) => !knownVariables.has(variable)),
      name,
    ).toEqual([]);
    // The values are valid too: the server would start with them.
    expect(() => parseEnv(env, { cwd: '/app', repoRoot: '/app' })).not.toThrow();
    expect((service.volumes ?? []).map((volume) => volume.split(':')[1]).sort(), name).toEqual(
      [imageConfig.dataDir, imageConfig.libraryDir].sort(),
    );
  }
}

describe('compose.yaml', () => {
  const active = activeCompose(composeText);
  const variant = commentedVariant(composeText);
  const secrets = { POSTGRES_PASSWORD: 'a1b2c3', ROMSHELF_AUTH_SECRET_KEY: 'd4'.repeat(20) };

  it('runs the image alone on SQLite, with valid settings and its two volumes', () => {
    expect(Object.keys(active.services)).toEqual(['romshelf']);
    checkRomshelfServices(active, {});
    const env = interpolatedEnvironment(active.services.romshelf ?? {}, {});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(active.services.romshelf?.ports).toEqual([`${imageConfig.port}:${imageConfig.port}`]);
  });

  it('comments out only examples of variables the server reads, with valid values', () => {
    const examples = commentedEnvironmentExamples(composeText);
    expect(Object.keys(examples)).toContain('ROMSHELF_TRUSTED_PROXIES');
    expect(Object.keys(examples).filter((name) => !knownVariables.has(name))).toEqual([]);
    expect(() => parseEnv(examples, { cwd: '/app', repoRoot: '/app' })).not.toThrow();
  });

  it('has a commented PostgreSQL + Redis + worker variant naming only variables the server reads', () => {
    expect(Object.keys(variant.services).sort()).toEqual([
      'postgres',
      'redis',
      'romshelf',
      'worker',
    ]);
    checkRomshelfServices(variant, secrets);
    for (const name of ['romshelf', 'worker']) {
      const env = interpolatedEnvironment(variant.services[name] ?? {}, secrets);
      expect(Object.keys(env)).toEqual(
        expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'ROMSHELF_AUTH_SECRET_KEY']),
      );
    }
  });

  it("points the variant's URLs at its own PostgreSQL and Redis, started healthy first", () => {
    const env = interpolatedEnvironment(variant.services.romshelf ?? {}, secrets);
    const postgres = variant.services.postgres ?? {};
    const postgresEnv = interpolatedEnvironment(postgres, secrets);
    const database = new URL(env.DATABASE_URL ?? '');
    expect(database.protocol).toBe('postgres:');
    expect(database.hostname).toBe('postgres');
    expect(database.username).toBe(postgresEnv.POSTGRES_USER);
    expect(database.password).toBe(postgresEnv.POSTGRES_PASSWORD);
    expect(database.pathname).toBe(`/${postgresEnv.POSTGRES_DB ?? ''}`);
    const redis = new URL(env.REDIS_URL ?? '');
    expect([redis.protocol, redis.hostname]).toEqual(['redis:', 'redis']);
    for (const name of ['romshelf', 'worker']) {
      expect(variant.services[name]?.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    }
    expect(postgres.healthcheck?.test?.length).toBeGreaterThan(0);
    expect(variant.services.redis?.healthcheck?.test?.length).toBeGreaterThan(0);
  });

  it("runs the variant's worker with the worker script, without the API's health check", () => {
    const worker = variant.services.worker ?? {};
    expect(worker.command).toEqual(['node', 'server/dist/worker.js']);
    expect(rootPackage.scripts?.worker).toContain('server/dist/worker.js');
    expect(existsSync(serverSourceOf('server/dist/worker.js'))).toBe(true);
    expect(worker.healthcheck).toEqual({ disable: true });
    expect(worker.ports).toBeUndefined();
  });
});
