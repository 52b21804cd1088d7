import type { SimpleRom } from '@romshelf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { errorMessage } from '@/lib/api-client';
import { collectionKeys } from '@/shared/api/collections';
import { updateCachedRom } from '@/shared/api/rom-cache';
import { romKeys } from '@/shared/api/rom-keys';
import { updateRomProps } from '@/shared/api/rom-props';
import type { PropsChange } from '@/shared/api/rom-props';

export interface BulkPropsInput {
  ids: ReadonlySet<number>;
  change: PropsChange;
  /** The message shown when every game changed. */
  done: string;
}

/**
 * Personal data of many games, one game after another; the failures are collected (their
 * messages), the others still change.
 */
export function useBulkPropsMutation(
  onFinished: (errors: string[], input: BulkPropsInput) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, change }: BulkPropsInput) => {
      const errors: string[] = [];
      for (const id of ids) {
        try {
          const romUser = await updateRomProps(id, change);
          updateCachedRom(queryClient, { id, rom_user: romUser });
        } catch (error) {
          errors.push(errorMessage(error));
        }
      }
      return errors;
    },
    onSuccess: (errors, input) => {
      void queryClient.invalidateQueries({ queryKey: romKeys.all });
      if (input.change.data?.is_favorite !== undefined) {
        void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
      }
      onFinished(errors, input);
    },
  });
}

/** Gathers the selected ROMs' pages (the actions that need more than an id). */
export function useGatherRomsMutation(
  resolve: () => Promise<SimpleRom[]>,
  onError: (error: unknown) => void,
) {
  return useMutation({ mutationFn: resolve, onError });
}

/** Fetches the ids of the whole result, loaded or not, and hands them on. */
export function useAllIdsMutation(
  allIds: () => Promise<number[]>,
  onSuccess: (ids: number[]) => void,
  onError: (error: unknown) => void,
) {
  return useMutation({ mutationFn: allIds, onSuccess, onError });
}
