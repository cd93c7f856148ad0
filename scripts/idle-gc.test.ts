import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idleHeapCollector, QUIET_MS, SLACK_BYTES } from './idle-gc.mjs';

afterEach(() => vi.useRealTimers());

/** A request/response pair as Express hands them to middleware; `done()` ends the response. */
function request(track: (req: unknown, res: EventEmitter, next: () => void) => void) {
  const res = new EventEmitter();
  track({}, res, () => {});
  return { done: () => res.emit('close') };
}

describe('idleHeapCollector', () => {
  function setUp(slack: number) {
    vi.useFakeTimers();
    const gc = vi.fn();
    const heap = () => ({ total_heap_size: 100 * 2 ** 20 + slack, used_heap_size: 100 * 2 ** 20 });
    const collector = idleHeapCollector({ gc, heap: heap as never, now: () => Date.now() });
    return { gc, collector };
  }

  it('collects once when the server has been quiet after a burst, never while a request is in flight', () => {
    const { gc, collector } = setUp(SLACK_BYTES);
    const slow = request(collector.track);
    for (let i = 0; i < 50; i++) request(collector.track).done();
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(gc).not.toHaveBeenCalled();
    slow.done();
    vi.advanceTimersByTime(QUIET_MS / 2);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(QUIET_MS);
    expect(gc).toHaveBeenCalledTimes(1);
    // One more a quiet interval later (V8 releases what the first swept), then nothing without traffic.
    vi.advanceTimersByTime(QUIET_MS + 500);
    expect(gc).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(QUIET_MS * 10);
    expect(gc).toHaveBeenCalledTimes(2);
    request(collector.track).done();
    vi.advanceTimersByTime(QUIET_MS + 500);
    expect(gc).toHaveBeenCalledTimes(3);
    collector.stop();
  });

  it('leaves a heap alone that has little unused room', () => {
    const { gc, collector } = setUp(SLACK_BYTES / 4);
    request(collector.track).done();
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(gc).not.toHaveBeenCalled();
    collector.stop();
  });

  it('without --expose-gc only counts requests', () => {
    const collector = idleHeapCollector({ gc: undefined });
    expect(() => request(collector.track).done()).not.toThrow();
    collector.stop();
  });
});
