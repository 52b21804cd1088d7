import type { Db } from '../../db/database.js';
import { CompletenessRepository } from './completeness.repository.js';
import { CompletenessService } from './completeness.service.js';

/** Completeness against bound DATs, read from the DAT tables and the verdicts. */
export function createCompleteness(db: Db): CompletenessService {
  return new CompletenessService(new CompletenessRepository(db));
}
