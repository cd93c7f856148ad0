import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './keyedQueue.server';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keyed queue', () => {
  it('runs tasks of one key one at a time, in order, and other keys alongside', async () => {
    const run = createKeyedQueue();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`${name} start`);
      await pause(ms);
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      run('order-1', task('a', 30)),
      run('order-1', task('b', 1)),
      run('order-2', task('c', 1)),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log.indexOf('b start')).toBeGreaterThan(log.indexOf('a end'));
    expect(log.indexOf('c end')).toBeLessThan(log.indexOf('a end'));
  });

  it('goes on with the next task after one fails, and passes the failure to its caller', async () => {
    const run = createKeyedQueue();
    const failed = run('k', async () => {
      throw new Error('boom');
    });
    await expect(failed).rejects.toThrow('boom');
    await expect(run('k', async () => 'next')).resolves.toBe('next');
  });
});
