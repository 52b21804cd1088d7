import { describe, expect, it } from 'vitest';

import { buildTestApp } from '../../test/build-test-app.js';
import { readRepoFile } from '../../test/container-files.js';
import { ROMM_ROUTES } from '../../test/romm-routes.js';

/** `METHOD /path` with every path parameter written `{}`, whatever its name or syntax. */
function normalized(route: string): string {
  return route.replace(/\{[^}]+\}|:[A-Za-z_]+/g, '{}');
}

/** The README's list of RomM routes RomShelf does not serve: its bullets, in order. */
function documentedMissing(): string[] {
  const readme = readRepoFile('README.md');
  const start = readme.indexOf('#### RomM routes RomShelf does not serve');
  expect(start).toBeGreaterThan(0);
  const section = readme.slice(start, readme.indexOf('\n#', start + 1));
  return section
    .split(/\n- /)
    .slice(1)
    .map((bullet) => bullet.replace(/\s+/g, ' ').trim());
}

describe("RomM's routes", () => {
  it('the README lists exactly those RomShelf does not serve, each planned or refused with a reason', async () => {
    const { app } = await buildTestApp();
    await app.ready();
    const served = new Set(
      app.registeredRoutes.map((route) => normalized(`${route.method} ${route.url}`)),
    );
    const missing = ROMM_ROUTES.filter((route) => !served.has(normalized(route)));
    const bullets = documentedMissing();
    // The routes of a bullet come before its dash; its reason may name served ones.
    const listed = bullets.flatMap((bullet) =>
      [
        ...(bullet.split(' — ')[0] ?? '').matchAll(
          /`((?:GET|HEAD|POST|PUT|DELETE) \/api\/[^`]+)`/g,
        ),
      ].map((match) => match[1] ?? ''),
    );
    expect([...listed].sort()).toEqual([...missing].sort());
    for (const bullet of bullets) {
      expect(bullet).toMatch(/ — (planned \(issue \d+\)|won't do, because .+)\.$/);
    }
    const count = `Of RomM 5's ${ROMM_ROUTES.length} routes, RomShelf answers ${ROMM_ROUTES.length - missing.length}`;
    expect(readRepoFile('README.md')).toContain(count);
  });
});
