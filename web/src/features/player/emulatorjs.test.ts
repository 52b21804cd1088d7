import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { disableEmulatorJsUpdateCheck } from './emulatorjs';

/** Stand-in for EmulatorJS's class: its constructor runs the update check. */
function emulatorClass(checks: string[]) {
  return class {
    constructor() {
      this.checkForUpdates();
    }
    checkForUpdates() {
      checks.push('https://cdn.emulatorjs.org/stable/data/version.json');
    }
  };
}

describe('disableEmulatorJsUpdateCheck', () => {
  it('stops the check of a class published after the call, and keeps the class reachable', () => {
    const checks: string[] = [];
    const w: Record<string, unknown> = {};
    disableEmulatorJsUpdateCheck(w);
    const EmulatorJS = emulatorClass(checks);
    w.EmulatorJS = EmulatorJS;
    expect(w.EmulatorJS).toBe(EmulatorJS);
    new (w.EmulatorJS as typeof EmulatorJS)();
    expect(checks).toEqual([]);
  });

  it('stops the check of a class that is already loaded', () => {
    const checks: string[] = [];
    const w: Record<string, unknown> = { EmulatorJS: emulatorClass(checks) };
    disableEmulatorJsUpdateCheck(w);
    new (w.EmulatorJS as ReturnType<typeof emulatorClass>)();
    expect(checks).toEqual([]);
  });

  it('matches the installed EmulatorJS, which publishes its class and checks from the constructor', () => {
    const data = path.join(
      path.dirname(createRequire(import.meta.url).resolve('@emulatorjs/emulatorjs/package.json')),
      'data',
      'src',
      'emulator.js',
    );
    const source = readFileSync(data, 'utf8');
    expect(source).toContain('window.EmulatorJS = EmulatorJS;');
    expect(source).toContain('this.checkForUpdates();');
  });
});
