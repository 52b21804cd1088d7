/** Where a random pick reads ids: the table's id range and the members among some ids. */
export interface RandomMemberSource<F> {
  idRange(): Promise<{ min: number; max: number } | null>;
  /** The members of the scope `filter` among `among` (null: all of them). */
  idsOf(filter: F, among: readonly number[] | null): Promise<number[]>;
}

/**
 * How many distinct ids each round draws, until one holds a member of the scope. A scope that
 * both miss is under about 0.3 % of the ids: reading it whole is then the cheaper way (a
 * collection, a rare filter value, each read through its own index).
 */
const SAMPLE_SIZES = [64, 1024];

function pick(ids: readonly number[], random: () => number): number | undefined {
  return ids[Math.floor(random() * ids.length)];
}

/** `size` distinct ids drawn uniformly from `first` .. `first + span - 1`, ascending. */
function sampleIds(first: number, span: number, size: number, random: () => number): number[] {
  const ids = new Set<number>();
  while (ids.size < size) ids.add(first + Math.floor(random() * span));
  return [...ids].sort((a, b) => a - b);
}

/**
 * A member of a filtered scope, uniformly at random, without counting the scope or reading it
 * at an offset: each round draws distinct ids at random from the table's id range and looks
 * those up (primary-key lookups, the filter checked on them); the first round holding members
 * gives one of them at random. Every member is as likely as any other to be among a round's
 * ids, so the pick is uniform over the scope. A scope too sparse for the rounds (or a small
 * table) is read whole instead. Undefined when the scope is empty.
 */
export async function randomMember<F>(
  source: RandomMemberSource<F>,
  filter: F,
  random: () => number = Math.random,
): Promise<number | undefined> {
  const range = await source.idRange();
  if (range === null) return undefined;
  const span = range.max - range.min + 1;
  for (const size of SAMPLE_SIZES) {
    if (size > span / 2) break;
    const members = await source.idsOf(filter, sampleIds(range.min, span, size, random));
    if (members.length > 0) return pick(members, random);
  }
  return pick(await source.idsOf(filter, null), random);
}
