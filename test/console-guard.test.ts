import { describe, expect, it } from 'vitest';
import { expectConsoleError, takeConsoleProblems } from './support/console';

// The guard test/setup.ts installs: these tests look at its findings directly (and clear them, so the
// guard's own afterEach check passes).
describe('console.error guard', () => {
  it('reports an error log nobody announced', () => {
    console.error('Something broke: %s', 'the database');
    expect(takeConsoleProblems()).toEqual([expect.stringContaining('Something broke: the database')]);
  });

  it('keeps an announced error out of the report, and reports an announced error that never came', () => {
    expectConsoleError(/could not be reached/);
    console.error(new Error('Shopify could not be reached'));
    expect(takeConsoleProblems()).toEqual([]);

    expectConsoleError('Outbox delivery failed');
    expect(takeConsoleProblems()).toEqual([expect.stringContaining('Outbox delivery failed')]);
  });
});
