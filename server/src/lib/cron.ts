import { Cron } from 'croner';

/** Why a cron expression cannot be scheduled, or null when it can. */
export function cronProblem(expression: string): string | null {
  try {
    new Cron(expression, { paused: true }).stop();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}
