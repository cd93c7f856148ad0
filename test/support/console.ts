import { format } from 'node:util';

// An unexpected console.error fails the test that caused it (test/setup.ts installs the guard). A test
// that expects the app to log an error says so with expectConsoleError(pattern): the matching lines are
// kept out of the output, and a pattern that was never logged fails the test as well.

type Expectation = { pattern: RegExp; seen: number };

const state = { expected: [] as Expectation[], unexpected: [] as string[] };
const original = console.error.bind(console);

/** Declares that the current test makes the app log an error matching `pattern` (at least once). */
export function expectConsoleError(pattern: RegExp | string) {
  state.expected.push({
    pattern: typeof pattern === 'string' ? new RegExp(escape(pattern)) : pattern,
    seen: 0,
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function installConsoleGuard() {
  console.error = (...args: unknown[]) => {
    const text = format(...args);
    const match = state.expected.find((e) => e.pattern.test(text));
    if (match) {
      match.seen += 1;
      return;
    }
    state.unexpected.push(text);
    original(...args);
  };
}

/** Clears the expectations and logs; returns what went wrong since the last call, if anything. */
export function takeConsoleProblems(): string[] {
  const problems = [
    ...state.unexpected.map(
      (text) => `Unexpected console.error (use expectConsoleError if it is meant):\n${text}`,
    ),
    ...state.expected
      .filter((e) => e.seen === 0)
      .map((e) => `Expected a console.error matching ${e.pattern}, but none was logged`),
  ];
  state.expected = [];
  state.unexpected = [];
  return problems;
}
