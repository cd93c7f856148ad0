import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { idleHeapCollector, MAX_COLLECTIONS, QUIET_MS, SLACK_BYTES } from './idle-gc.mjs';

afterEach(() => vi.useRealTimers());

/** A request/response pair as Express hands them to middleware; `done()` ends the response. */
function request(track: (req: unknown, res: EventEmitter, next: () => void) => void) {
  const res = new EventEmitter();
  track({}, res, () => {});
  return { done: () => res.emit('close') };
}

/** A collector over a fake heap whose unused room is `heap.slack`, with fake timers. */
function setUp(slack: number) {
  vi.useFakeTimers();
  const heap = { slack };
  const gc = vi.fn();
  const stats = () => ({ total_heap_size: 100 * 2 ** 20 + heap.slack, used_heap_size: 100 * 2 ** 20 });
  const collector = idleHeapCollector({ gc, heap: stats as never, now: () => Date.now() });
  return { gc, heap, collector };
}

describe('idleHeapCollector', () => {
  it('collects when the server has been quiet after a burst, never while a request is in flight', () => {
    const { gc, heap, collector } = setUp(SLACK_BYTES * 4);
    const slow = request(collector.track);
    for (let i = 0; i < 50; i++) request(collector.track).done();
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(gc).not.toHaveBeenCalled();
    slow.done();
    vi.advanceTimersByTime(QUIET_MS / 2);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(QUIET_MS);
    expect(gc).toHaveBeenCalledTimes(1);
    // Again a quiet interval later while the heap still has room to give back, then no more.
    vi.advanceTimersByTime(QUIET_MS + 500);
    expect(gc).toHaveBeenCalledTimes(2);
    heap.slack = SLACK_BYTES / 4;
    vi.advanceTimersByTime(QUIET_MS * 10);
    expect(gc).toHaveBeenCalledTimes(2);
    // A new request in the middle of the quiet spell postpones the next one.
    heap.slack = SLACK_BYTES * 4;
    request(collector.track).done();
    vi.advanceTimersByTime(QUIET_MS / 2);
    request(collector.track).done();
    vi.advanceTimersByTime(QUIET_MS / 2 + 500);
    expect(gc).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(QUIET_MS);
    expect(gc).toHaveBeenCalledTimes(3);
    collector.stop();
  });

  it('stops after MAX_COLLECTIONS per burst even if the heap keeps its room', () => {
    const { gc, collector } = setUp(SLACK_BYTES * 4);
    request(collector.track).done();
    vi.advanceTimersByTime(QUIET_MS * (MAX_COLLECTIONS + 5) * 2);
    expect(gc).toHaveBeenCalledTimes(MAX_COLLECTIONS);
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
