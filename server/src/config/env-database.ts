import path from 'node:path';

import { z } from 'zod';

import type { DatabaseConfig } from './app-config.js';
import { present } from './env-values.js';

/** The embedded SQLite database's file name inside the data folder. */
export const SQLITE_FILE_NAME = 'romshelf.db';

const SQLITE_PREFIX = 'sqlite:';
const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

/**
 * `DATABASE_URL`: unset keeps the embedded SQLite file in the data folder; `sqlite:<file>`
 * names another SQLite file; `postgres://user:password@host:port/database` (or
 * `postgresql://`) selects PostgreSQL. Errors never repeat the value: it holds a password.
 */
export const DATABASE_ENV_VARS = {
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!present(value)) return null;
      const text = value.trim();
      if (text.toLowerCase().startsWith(SQLITE_PREFIX)) return text;
      if (POSTGRES_URL.test(text) && URL.canParse(text) && new URL(text).hostname !== '') {
        return text;
      }
      ctx.addIssue({
        code: 'custom',
        message:
          'DATABASE_URL must be postgres://user:password@host:port/database or sqlite:<file>',
      });
      return z.NEVER;
    }),
};

/** The database a configuration points at; relative SQLite paths resolve against `cwd`. */
export function databaseConfig(url: string | null, dataDir: string, cwd: string): DatabaseConfig {
  const defaultFile = path.join(dataDir, SQLITE_FILE_NAME);
  if (url === null) return { engine: 'sqlite', file: defaultFile };
  if (url.toLowerCase().startsWith(SQLITE_PREFIX)) {
    const file = url.slice(SQLITE_PREFIX.length).trim();
    return { engine: 'sqlite', file: file === '' ? defaultFile : path.resolve(cwd, file) };
  }
  return { engine: 'postgres', url };
}
