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

/**
 * A collector over a fake heap whose unused room is `heap.slack` and a process whose RSS is `heap.rss`
 * (steady unless a test moves it), with fake timers.
 */
function setUp(slack: number) {
  vi.useFakeTimers();
  const heap = { slack, rss: 200 * 2 ** 20 };
  const gc = vi.fn();
  const stats = () => ({ total_heap_size: 100 * 2 ** 20 + heap.slack, used_heap_size: 100 * 2 ** 20 });
  const collector = idleHeapCollector({
    gc,
    heap: stats as never,
    rss: () => heap.rss,
    now: () => Date.now(),
  });
  // The first burst is always collected after (nothing is known of the RSS before it): get it over with.
  request(collector.track).done();
  vi.advanceTimersByTime(QUIET_MS + 500);
  gc.mockClear();
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

  it("runs V8's last-resort collection, which also releases the pooled heap pages", () => {
    const { gc, collector } = setUp(SLACK_BYTES * 4);
    request(collector.track).done();
    vi.advanceTimersByTime(QUIET_MS + 500);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    collector.stop();
  });

  it('collects when the process has grown since the last collection, even if the heap has no room', () => {
    const { gc, heap, collector } = setUp(SLACK_BYTES / 4);
    request(collector.track).done();
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(gc).not.toHaveBeenCalled();
    heap.rss += SLACK_BYTES * 2;
    request(collector.track).done();
    vi.advanceTimersByTime(QUIET_MS + 500);
    expect(gc).toHaveBeenCalledTimes(1);
    // The collection gave nothing back: the RSS it left is the new reference, so no more.
    vi.advanceTimersByTime(QUIET_MS * 10);
    expect(gc).toHaveBeenCalledTimes(1);
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
