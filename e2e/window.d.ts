// What the browser tests read from or put on the page's window.
declare global {
  interface Window {
    /** Remix's router: present once the page has hydrated. */
    __remixRouter?: unknown;
    /** Reports a Content-Security-Policy violation to the test (exposed by surface.e2e.ts). */
    __reportCsp: (message: string) => void;
    /** Set only if injected markup ran script (it must not). */
    __injected?: unknown;
    /** axe-core, once a test has evaluated its source in the page. */
    axe: typeof import('axe-core');
  }
}

export {};
