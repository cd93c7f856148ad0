/**
 * Runs tasks with the same key one after another within this process; different keys run in parallel.
 * Used so a burst of confirms on one order waits here, in memory, instead of each holding a pooled
 * database connection while it waits for the order's row lock (which would starve every other shop).
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
