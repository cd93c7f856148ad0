// Transport body limit for the Express server (server/app.mjs). No route takes more than a few kilobytes
// (app/lib/limits.ts: TRANSPORT_BODY_LIMIT; keep the two in step). A larger body is refused with 413
// before it is read: at once when Content-Length says so, and for a streamed (chunked) body as soon as the
// bytes that arrived pass the limit. The answer carries Connection: close and the connection is dropped
// once it is out, so a body that never ends costs at most the limit.

export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** How long a refused upload's connection stays half-closed so the client can read the answer. */
const LINGER_MS = 1000;

function refuse(req, res, limit) {
  if (res.locals.bodyRefused) return;
  res.locals.bodyRefused = true;
  const message = `The request is too large: at most ${Math.round(limit / 1024)} KB can be sent.`;
  if (!res.headersSent) res.status(413).set('Connection', 'close').json({ error: message, message });
  // Stop reading. Node closes the connection after a Connection: close answer; whatever the client is
  // still sending is dropped with it.
  req.pause();
}

export function limitBody(limit = DEFAULT_BODY_LIMIT) {
  return (req, res, next) => {
    // A body the app did not read to the end (refused, or a route that takes none) is not drained:
    // drop the connection once the answer is out. Not at once: closing a socket with unread bytes sends
    // a reset, and a reset that reaches the client before it has read the answer discards the answer.
    // Node half-closes the connection after the Connection: close answer; meanwhile the unread body
    // only fills the kernel's receive window (TCP then stops the sender), so the wait costs no memory.
    res.once('finish', () => {
      if (!req.complete) setTimeout(() => req.socket?.destroy(), LINGER_MS).unref();
    });
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > limit) return refuse(req, res, limit);
    if (declared === undefined && req.headers['transfer-encoding']) {
      let received = 0;
      const count = (chunk) => {
        received += chunk.length;
        if (received > limit) {
          req.off('data', count);
          refuse(req, res, limit);
        }
      };
      req.on('data', count);
    }
    next();
  };
}

/** After a 413 the app may still try to answer the cut-off request: there is nothing left to send. */
export function bodyLimitErrors(error, _req, res, next) {
  if (res.locals.bodyRefused) return;
  next(error);
}
