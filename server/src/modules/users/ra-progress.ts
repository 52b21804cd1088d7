import { HttpError } from '../../http/http-error.js';
import { ProviderError } from '../metadata/provider-http.js';
import type { RetroAchievementsClient } from '../metadata/providers/ra/ra.client.js';

/** What users need of the RetroAchievements client: a user's completion progress. */
export type RaProgressReader = Pick<RetroAchievementsClient, 'userProgress'>;

/** The 502 a failed progress read answers: RetroAchievements' status, or unreachable. */
export function raUnavailable(error: unknown): HttpError {
  if (error instanceof ProviderError && error.status !== null) {
    return new HttpError(502, `RetroAchievements answered HTTP ${error.status}`);
  }
  return new HttpError(502, 'RetroAchievements could not be reached');
}
