/** ISO-8601 in UTC with an explicit `+00:00` offset and milliseconds, as RomM writes dates. */
export function toIsoUtc(date: Date): string {
  return date.toISOString().replace(/Z$/, '+00:00');
}

export function nowIso(): string {
  return toIsoUtc(new Date());
}
