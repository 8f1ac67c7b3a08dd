import { isUnavailable } from '../unavailable.js';

/**
 * Runs a start-up step (migrations, the root admin) that needs the database, again and again
 * while the database is away (down, starting, out of connections), with a doubling pause of at
 * most 5 s, for at most `waitMs` in all: a process started during an outage serves once the
 * database is back instead of exiting. Any other failure, or the last one, is thrown.
 */
export async function whenDatabaseAnswers<T>(
  step: () => Promise<T>,
  waitMs: number,
  onRetry: (error: unknown, pauseMs: number) => void,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let pauseMs = 250; ; pauseMs = Math.min(pauseMs * 2, 5000)) {
    try {
      return await step();
    } catch (error) {
      if (!isUnavailable(error) || Date.now() + pauseMs > deadline) throw error;
      onRetry(error, pauseMs);
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }
}
