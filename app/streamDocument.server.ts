import { Transform } from 'node:stream';
import type { ReactNode } from 'react';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { renderToPipeableStream } from 'react-dom/server';

type Options = {
  status: number;
  headers: Headers;
  nonce?: string;
  /** Answer once everything has rendered (crawlers), not as soon as the shell has. */
  waitForAll: boolean;
  /** A render still going after this long is aborted: what is left falls back to the browser. */
  timeoutMs: number;
  onError: (error: unknown) => void;
};

/**
 * React writes a page's HTML in 2 KB pieces, all in one turn of the event loop once the shell (or the
 * whole page) is ready; Remix's adapter writes each piece it reads to the response and flushes the
 * compressor after each, which costs a compressed block (CPU, and a worse ratio) per 2 KB. This passes on
 * what one turn wrote as one piece: a page whose data is all there goes out as one chunk, and a
 * streamed part (a Suspense boundary that resolves later) still goes out as soon as it is written.
 */
class OnePiecePerTurn extends Transform {
  #pieces: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    if (this.#pieces.length === 0) setImmediate(() => this.#release());
    this.#pieces.push(chunk);
    done();
  }

  override _flush(done: () => void) {
    this.#release();
    done();
  }

  #release() {
    if (this.#pieces.length) this.push(Buffer.concat(this.#pieces.splice(0)));
  }
}

/**
 * Renders a document to a streamed HTML Response. The timer that aborts a slow render is cleared as soon
 * as the render ends, fails or is abandoned: left running, it keeps every finished render (its React
 * tree, loader data, request and stream) reachable for the whole timeout, which under load holds many
 * finished pages in memory at once (docs/decisions/2026-11-25-render-abort-timer.md).
 */
export function streamDocument(element: ReactNode, options: Options): Promise<Response> {
  let status = options.status;
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    const end = () => {
      ended = true;
      clearTimeout(timer);
    };
    const answer = () => {
      const body = new OnePiecePerTurn();
      // A browser that goes away stops the render too (and with it the timer).
      body.once('close', () => {
        if (!ended) abort();
        end();
      });
      options.headers.set('Content-Type', 'text/html');
      resolve(new Response(createReadableStreamFromReadable(body), { headers: options.headers, status }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce: options.nonce,
      onShellReady() {
        if (!options.waitForAll) answer();
      },
      onAllReady() {
        end();
        if (options.waitForAll) answer();
      },
      onShellError(error) {
        end();
        reject(error);
      },
      onError(error) {
        status = 500;
        options.onError(error);
      },
    });
    if (!ended) timer = setTimeout(abort, options.timeoutMs);
  });
}
