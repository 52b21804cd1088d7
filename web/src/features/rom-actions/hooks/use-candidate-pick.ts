import type { MatchSource, SearchRom } from '@romshelf/contract';
import { useState } from 'react';

import { candidateCover, candidateSources } from '../match-candidates';

/**
 * The candidate picked in the match dialog and what to take from it: its sources (all at first),
 * its cover (the first it offers) and whether to rename the file to its title (no at first).
 */
export function useCandidatePick() {
  const [picked, setPicked] = useState<SearchRom | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<MatchSource>>(new Set());
  const [cover, setCover] = useState<string | null>(null);
  const [rename, setRename] = useState(false);

  const pick = (candidate: SearchRom) => {
    setPicked(candidate);
    setChosen(new Set(candidateSources(candidate).map((entry) => entry.source)));
    setCover(candidateCover(candidate));
    setRename(false);
  };

  const toggle = (source: MatchSource) =>
    setChosen((set) => {
      const next = new Set(set);
      if (!next.delete(source)) next.add(source);
      return next;
    });

  return {
    picked,
    pick,
    unpick: () => setPicked(null),
    chosen,
    toggle,
    cover,
    setCover,
    rename,
    setRename,
  };
}

export type CandidatePick = ReturnType<typeof useCandidatePick>;
