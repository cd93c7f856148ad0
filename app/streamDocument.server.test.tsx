import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { streamDocument } from './streamDocument.server';

/** Timers the process has pending (each render's abort timer is one while it runs). */
const pendingTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

/** A part that suspends until `gate.open()` is called (never, if it is not). */
function gated() {
  let open!: () => void;
  const ready = new Promise<void>((resolve) => (open = resolve));
  let done = false;
  void ready.then(() => (done = true));
  function Late() {
    if (!done) throw ready;
    return <p>late part</p>;
  }
  return { Late, open };
}

function page(Late?: () => JSX.Element) {
  return (
    <html lang="en">
      <body>
        <h1>Shell</h1>
        {Late ? (
          <Suspense fallback={<p>loading</p>}>
            <Late />
          </Suspense>
        ) : null}
      </body>
    </html>
  );
}

const options = (overrides: Partial<Parameters<typeof streamDocument>[1]> = {}) => ({
  status: 200,
  headers: new Headers(),
  waitForAll: false,
  timeoutMs: 60_000,
  onError: () => {},
  ...overrides,
});

describe('streamDocument', () => {
  it('answers with the HTML and keeps no timer once the render has ended', async () => {
    const before = pendingTimers();
    const response = await streamDocument(page(), options());
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/html');
    expect(await response.text()).toContain('<h1>Shell</h1>');
    // The abort timer (60 s here) would otherwise hold the whole render until it fired.
    expect(pendingTimers()).toBe(before);
  });

  it('streams the shell first and the late part when it is ready, then clears the timer', async () => {
    const before = pendingTimers();
    const { Late, open } = gated();
    const response = await streamDocument(page(Late), options());
    expect(pendingTimers()).toBe(before + 1);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let html = decoder.decode((await reader.read()).value);
    expect(html).toContain('loading');
    open();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      html += decoder.decode(chunk.value);
    }
    expect(html).toContain('late part');
    expect(pendingTimers()).toBe(before);
  });

  it('waits for every part when asked to (crawlers get whole pages)', async () => {
    const { Late, open } = gated();
    const answered = streamDocument(page(Late), options({ waitForAll: true }));
    let settled = false;
    void answered.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    open();
    const html = await (await answered).text();
    expect(html).toContain('late part');
    expect(html).not.toContain('loading');
  });

  it('aborts a render that outlasts the timeout: the page ends with what it has', async () => {
    const { Late } = gated();
    const errors: unknown[] = [];
    const response = await streamDocument(
      page(Late),
      options({ timeoutMs: 30, onError: (error) => errors.push(error) }),
    );
    const html = await response.text();
    expect(html).toContain('<h1>Shell</h1>');
    expect(html).toContain('loading');
    expect(html).not.toContain('late part');
    expect(errors).toHaveLength(1);
  });

  it('stops rendering and drops the timer when the browser goes away', async () => {
    const before = pendingTimers();
    const { Late } = gated();
    const response = await streamDocument(page(Late), options());
    await response.body!.cancel();
    await new Promise((resolve) => setImmediate(resolve));
    expect(pendingTimers()).toBe(before);
  });

  it('refuses when the shell itself fails, without a timer left behind', async () => {
    const before = pendingTimers();
    function Broken(): JSX.Element {
      throw new Error('shell failed');
    }
    await expect(streamDocument(<Broken />, options())).rejects.toThrow('shell failed');
    expect(pendingTimers()).toBe(before);
  });
});
