import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { useHeartbeatStore } from '@/shared/stores/heartbeat-store';
import { metadataKeys } from '@/shared/api/metadata';

import { searchMatchCandidates } from '../api/match';
import type { SearchBy } from '../api/match';

/** Whether a source that searches by name (IGDB, ScreenScraper, MobyGames, LaunchBox) is on. */
export function useCanSearch(): boolean {
  return useHeartbeatStore((state) => {
    const flags = state.value?.METADATA_SOURCES;
    return flags
      ? flags.IGDB_API_ENABLED ||
          flags.SS_API_ENABLED ||
          flags.MOBY_API_ENABLED ||
          flags.LAUNCHBOX_API_ENABLED
      : false;
  });
}

/** A search term that can be sent: anything for a name, digits only for an id. */
export function isSearchable(term: string, by: SearchBy): boolean {
  const trimmed = term.trim();
  return trimmed !== '' && (by === 'name' || /^\d+$/.test(trimmed));
}

/**
 * The match dialog's search: the term being typed and what it searches by, and the search that
 * runs — the game's own name as soon as the dialog opens, then each submit.
 */
export function useMatchSearch(
  rom: { id: number; name: string | null; fs_name_no_tags: string },
  open: boolean,
) {
  const canSearch = useCanSearch();
  const initialTerm = rom.name ?? rom.fs_name_no_tags;
  const [term, setTerm] = useState(initialTerm);
  const [searchBy, setSearchBy] = useState<SearchBy>('name');
  const [submitted, setSubmitted] = useState<{ term: string; by: SearchBy }>({
    term: initialTerm,
    by: 'name',
  });
  const search = useQuery({
    queryKey: metadataKeys.matchSearch(rom.id, submitted.term, submitted.by),
    queryFn: ({ signal }) => searchMatchCandidates(rom.id, submitted.term, submitted.by, signal),
    enabled: open && canSearch,
    retry: false,
    staleTime: 60_000,
  });

  /** Runs the typed search; the same search again is fetched anew. */
  const submit = () => {
    const next = { term: term.trim(), by: searchBy };
    if (next.term === submitted.term && next.by === submitted.by) void search.refetch();
    else setSubmitted(next);
  };

  return {
    canSearch,
    term,
    setTerm,
    searchBy,
    setSearchBy,
    submit,
    searchable: isSearchable(term, searchBy),
    results: search.data ?? [],
    searching: search.isFetching,
    error: search.isError && !search.isFetching ? search.error : null,
    empty: search.isSuccess && !search.isFetching && search.data.length === 0,
  };
}

export type MatchSearch = ReturnType<typeof useMatchSearch>;
