import type { DetailedRom, MatchSource, SearchRom } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import type { ActionRom } from '@/components/rom-actions-context';
import { errorMessage } from '@/lib/api-client';
import { libraryChanged } from '@/shared/api/library-changed';
import { updateCachedRom } from '@/shared/api/rom-cache';

import { applyCandidate, unmatchRom, updateRomFileAndCover } from '../api/match';
import { candidateSources, fileAndCoverChange } from '../match-candidates';

export interface ApplyRequest {
  candidate: SearchRom;
  sources: ReadonlySet<MatchSource>;
  rename: boolean;
  cover: string | null;
}

/**
 * The match dialog's writes: apply a candidate (its chosen sources one after another, then the
 * file name and cover), and unmatch one source or all. Each step that succeeds reaches the
 * dialog, the lists and `onMatched` at once, even when a later step fails.
 */
export function useMatchActions(
  rom: ActionRom,
  { onMatched, onApplied }: { onMatched?: (rom: DetailedRom) => void; onApplied: () => void },
) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<ActionRom>(rom);

  const changed = (next: DetailedRom) => {
    setCurrent(next);
    updateCachedRom(queryClient, next);
    libraryChanged(queryClient);
    onMatched?.(next);
  };

  const apply = useMutation({
    mutationFn: async ({ candidate, sources, rename, cover }: ApplyRequest) => {
      const chosen = candidateSources(candidate).filter((entry) => sources.has(entry.source));
      const result = await applyCandidate(rom.id, chosen);
      if (result.rom) changed(result.rom);
      if (result.error !== null || result.rom === null) throw result.error;
      const change = fileAndCoverChange(result.rom, candidate, { rename, cover });
      if (Object.keys(change).length > 0) changed(await updateRomFileAndCover(rom.id, change));
    },
    onSuccess: onApplied,
  });

  const unmatch = useMutation({
    mutationFn: (source?: MatchSource) => unmatchRom(rom.id, source),
    onSuccess: changed,
  });

  const failed = apply.isError ? apply.error : unmatch.isError ? unmatch.error : null;
  return {
    /** The game as it stands after the last change. */
    current,
    apply: (request: ApplyRequest) => {
      unmatch.reset();
      apply.mutate(request);
    },
    unmatch: (source?: MatchSource) => {
      apply.reset();
      unmatch.mutate(source);
    },
    busy: apply.isPending || unmatch.isPending,
    error: failed === null ? null : errorMessage(failed),
    clearError: () => {
      apply.reset();
      unmatch.reset();
    },
  };
}
