import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

import { cachingStatements } from './statement-cache.js';

describe('cachingStatements', () => {
  it('prepares a query once and drops the least recently used beyond its size', () => {
    const sqlite = new SqliteDatabase(':memory:');
    const connection = cachingStatements(sqlite, 2);
    const one = connection.prepare('SELECT 1');
    const two = connection.prepare('SELECT 2');
    expect(connection.prepare('SELECT 1')).toBe(one);
    connection.prepare('SELECT 3');
    // SELECT 2 was the least recently used: it was dropped, so it is prepared anew.
    expect(connection.prepare('SELECT 2')).not.toBe(two);
    expect(connection.prepare('SELECT 2').get()).toEqual({ 2: 2 });
    connection.close();
    expect(sqlite.open).toBe(false);
  });
});
