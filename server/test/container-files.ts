/**
 * Readers for the container files (Dockerfile, .dockerignore, compose.yaml), enough to check them
 * against the project without a Docker engine.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { parse as parseYaml } from 'yaml';

import { REPO_ROOT } from '../src/config/paths.js';

export function readRepoFile(file: string): string {
  return readFileSync(path.join(REPO_ROOT, file), 'utf8');
}

export interface Instruction {
  keyword: string;
  /** `--name=value` flags before the arguments (`--from=build`, `--interval=30s`). */
  flags: Record<string, string>;
  /** The arguments: the JSON array of the exec form, else the words of the shell form. */
  args: string[];
  /** The arguments as written, flags removed. */
  text: string;
  /** Whether the arguments were written in exec (JSON array) form. */
  execForm: boolean;
}

export interface Stage {
  name: string | null;
  image: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** Build arguments declared before the first FROM, with their defaults. */
  globalArgs: Record<string, string>;
  stages: Stage[];
}

/** Every instruction the Dockerfile reference defines. */
export const DOCKERFILE_KEYWORDS = new Set([
  'ADD',
  'ARG',
  'CMD',
  'COPY',
  'ENTRYPOINT',
  'ENV',
  'EXPOSE',
  'FROM',
  'HEALTHCHECK',
  'LABEL',
  'MAINTAINER',
  'ONBUILD',
  'RUN',
  'SHELL',
  'STOPSIGNAL',
  'USER',
  'VOLUME',
  'WORKDIR',
]);

/** Physical lines joined into logical ones: comments dropped, `\` continuations followed. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    if (/^\s*#/.test(raw)) continue;
    const continued = /\\\s*$/.test(raw);
    pending += continued ? raw.replace(/\\\s*$/, ' ') : raw;
    if (continued) continue;
    if (pending.trim() !== '') lines.push(pending.trim());
    pending = '';
  }
  if (pending.trim() !== '') lines.push(pending.trim());
  return lines;
}

function parseInstruction(line: string): Instruction {
  const space = line.search(/\s/);
  const keyword = (space === -1 ? line : line.slice(0, space)).toUpperCase();
  let rest = space === -1 ? '' : line.slice(space).trim();
  const flags: Record<string, string> = {};
  let flag = /^--([a-z-]+)=(\S+)\s*/.exec(rest);
  while (flag !== null) {
    flags[flag[1] ?? ''] = flag[2] ?? '';
    rest = rest.slice(flag[0].length);
    flag = /^--([a-z-]+)=(\S+)\s*/.exec(rest);
  }
  // HEALTHCHECK's command carries its own keyword: `HEALTHCHECK [flags] CMD [...]`.
  if (keyword === 'HEALTHCHECK' && rest.startsWith('CMD ')) rest = rest.slice(4).trim();
  const execForm = rest.startsWith('[');
  const args = execForm ? (JSON.parse(rest) as string[]) : rest.split(/\s+/).filter(Boolean);
  return { keyword, flags, args, text: rest, execForm };
}

/** `${NAME}` references replaced by the build arguments' defaults. */
function substituteArgs(text: string, args: Record<string, string>): string {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced?: string, bare?: string) => {
    const value = args[braced ?? bare ?? ''];
    return value ?? whole;
  });
}

export function parseDockerfile(text: string): Dockerfile {
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of logicalLines(text)) {
    const instruction = parseInstruction(line);
    const current = stages.at(-1);
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = instruction.args;
      stages.push({
        image: substituteArgs(image, globalArgs),
        name: as?.toUpperCase() === 'AS' ? (name ?? null) : null,
        instructions: [],
      });
    } else if (current === undefined) {
      if (instruction.keyword === 'ARG') {
        const [name = '', value = ''] = instruction.text.split('=');
        globalArgs[name] = value;
      }
    } else {
      current.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

/** The instructions of one kind in a stage, in order. */
export function instructionsOf(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword);
}

/** The variables a stage's ENV instructions set (`ENV A=1 B=2` form). */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of instructionsOf(stage, 'ENV')) {
    for (const pair of instruction.args) {
      const equals = pair.indexOf('=');
      if (equals === -1) throw new Error(`ENV without "=": ${instruction.text}`);
      env[pair.slice(0, equals)] = pair.slice(equals + 1);
    }
  }
  return env;
}

/** The stage's working folder after its last WORKDIR. */
export function stageWorkdir(stage: Stage): string {
  return instructionsOf(stage, 'WORKDIR').at(-1)?.args[0] ?? '/';
}

/** A COPY's sources and its destination, the destination resolved against the working folder. */
export function copyPaths(stage: Stage, copy: Instruction): { sources: string[]; target: string } {
  const sources = copy.args.slice(0, -1);
  const destination = copy.args.at(-1) ?? '';
  return { sources, target: path.posix.resolve(stageWorkdir(stage), destination) };
}

/**
 * Whether .dockerignore leaves a context path out. Patterns are Go path patterns anchored at the
 * context root, `**` spanning folders; a pattern matching a folder leaves out what it holds; the
 * last matching pattern wins, and `!` lets a path back in.
 */
export function isIgnored(ignoreFile: string, contextPath: string): boolean {
  const patterns = ignoreFile
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const target = path.posix.normalize(contextPath).replace(/^\.\/|\/$/g, '');
  const candidates = target
    .split('/')
    .map((_, index, parts) => parts.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    const regex = patternRegExp(negated ? pattern.slice(1) : pattern);
    if (candidates.some((candidate) => regex.test(candidate))) ignored = !negated;
  }
  return ignored;
}

function patternRegExp(pattern: string): RegExp {
  const clean = path.posix.normalize(pattern).replace(/^\/|\/$/g, '');
  let source = '';
  for (let index = 0; index < clean.length; index += 1) {
    const char = clean.charAt(index);
    if (clean.startsWith('**/', index)) {
      source += '(?:.*/)?';
      index += 2;
    } else if (clean.startsWith('**', index)) {
      source += '.*';
      index += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

export interface ComposeService {
  build?: unknown;
  image?: string;
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { disable?: boolean; test?: string[] };
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

function parseCompose(text: string): ComposeFile {
  return parseYaml(text, { merge: true }) as ComposeFile;
}

/** The active setup of compose.yaml (comments ignored). */
export function activeCompose(text: string): ComposeFile {
  return parseCompose(text);
}

/**
 * The commented variant at the end of compose.yaml: from its first commented top-level key on,
 * every line with its leading `# ` removed, as a person uncommenting it would.
 */
export function commentedVariant(text: string): ComposeFile {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^# [a-z][\w-]*:( |$)/.test(line));
  if (start === -1) throw new Error('compose.yaml has no commented variant');
  const uncommented = lines.slice(start).map((line) => line.replace(/^# ?/, ''));
  return parseCompose(uncommented.join('\n'));
}

/**
 * Examples commented out inside the active part's `environment:` maps (`# NAME: value`), which a
 * person may uncomment as they are.
 */
export function commentedEnvironmentExamples(text: string): Record<string, string> {
  const lines = text.split('\n');
  const variantStart = lines.findIndex((line) => /^# [a-z][\w-]*:( |$)/.test(line));
  const examples: Record<string, string> = {};
  for (const line of lines.slice(0, variantStart === -1 ? undefined : variantStart)) {
    const match = /^\s+#\s*([A-Z][A-Z0-9_]*):\s*(.*)$/.exec(line);
    if (match !== null) {
      const value: unknown = parseYaml(match[2] ?? '');
      examples[match[1] ?? ''] = typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  return examples;
}

/** Services that run the RomShelf image (built from this folder). */
export function romshelfServices(compose: ComposeFile): [string, ComposeService][] {
  return Object.entries(compose.services).filter(
    ([, service]) => service.build === '.' || service.image === 'romshelf',
  );
}

/**
 * A service's environment with compose's `${NAME}` / `${NAME:?message}` interpolations replaced
 * by the values given, as `docker compose` would with a `.env` file.
 */
export function interpolatedEnvironment(
  service: ComposeService,
  values: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(service.environment ?? {})) {
    env[name] = interpolate(String(value ?? ''), values);
  }
  return env;
}

export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?:[:?-][^}]*)?\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for \${${name}}`);
    return value;
  });
}
