/**
 * Runs a shutdown step for at most `ms`; past that, `onTimeout` forces it (a client stuck
 * reconnecting to a Redis that is gone must not hold the process past its shutdown budget).
 */
export async function bounded(step: () => Promise<unknown>, ms: number, onTimeout: () => void = () => {}): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const finished = await Promise.race([
    step().then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms).unref())),
  ]);
  clearTimeout(timer);
  if (!finished) onTimeout();
  return finished;
}
