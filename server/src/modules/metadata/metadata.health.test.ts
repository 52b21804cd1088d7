import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';

import { ProviderHealth } from './metadata.health.js';
import type { MetadataProviders } from './metadata.sources.js';

describe('ProviderHealth', () => {
  it('keeps a check for a minute, and a fresh check (Test connection) asks again', async () => {
    const answers = [false, true];
    let calls = 0;
    const igdb = {
      heartbeat: () => Promise.resolve(answers[calls++] ?? true),
    } as unknown as NonNullable<MetadataProviders['igdb']>;
    const health = new ProviderHealth({ igdb }, {
      warn: () => undefined,
    } as unknown as FastifyBaseLogger);
    expect(await health.sourceHealthy('igdb')).toBe(false);
    expect(await health.sourceHealthy('igdb')).toBe(false);
    expect(calls).toBe(1);
    expect(await health.sourceHealthy('igdb', true)).toBe(true);
    expect(calls).toBe(2);
    // The fresh answer is the one kept from then on.
    expect(await health.sourceHealthy('igdb')).toBe(true);
    expect(calls).toBe(2);
    expect(await health.sourceHealthy('moby', true)).toBe(false);
  });
});
