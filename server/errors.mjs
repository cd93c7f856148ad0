// The one place an unexpected error (not a Response, not a refusal the app chose) is logged: Remix's
// handleError (app/entry.server.tsx), the storefront's safe answers (server/storefront.mjs) and the last
// Express error handler (server/app.mjs) all come here, and only answer or rethrow themselves.

export const INTERNAL_ERROR_MESSAGE =
  'Something went wrong on our side. Please try again in a minute; nothing was saved twice.';

/**
 * Logs the error with the request it failed: method and path, never the query (it holds Shopify's
 * signature and the customer id), and where it happened when that is known (a route id and kind).
 * @param {unknown} error
 * @param {{ method: string, path: string, where?: string }} request
 */
export function logUnexpectedError(error, { method, path, where }) {
  console.error(`${method} ${path} failed${where ? ` (${where})` : ''}:`, error);
}

/** The JSON answer for a request that failed unexpectedly: a sentence, nothing of the internals. */
export function internalErrorBody() {
  return { error: INTERNAL_ERROR_MESSAGE, message: INTERNAL_ERROR_MESSAGE };
}

/** A request Express itself refused (a path that does not decode: status 400 on the error), or none. */
function refusedStatus(error) {
  const status = /** @type {{ status?: unknown }} */ (error)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

const MALFORMED_REQUEST_MESSAGE = 'That address or request could not be read. Please check the link.';

/**
 * Express's last error handler: a request Express refused (a malformed path) gets its 4xx and a sentence;
 * an error that escaped everything in front of it (building the request, sending the answer) is logged
 * here and answered with the sentence, never Express's page with a stack.
 * @type {import('express').ErrorRequestHandler}
 */
export function answerUnexpectedErrors(error, req, res, _next) {
  const refused = refusedStatus(error);
  if (refused && !res.headersSent) {
    res.status(refused).json({ error: MALFORMED_REQUEST_MESSAGE, message: MALFORMED_REQUEST_MESSAGE });
    return;
  }
  logUnexpectedError(error, { method: req.method, path: req.path });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(500).json(internalErrorBody());
}
