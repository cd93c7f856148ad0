// Request and Response objects that put off building the real Fetch object they stand for.
//
// Building an undici Request or Response costs more than it looks under load: the Request copies its body
// and ties its own AbortController to the signal it is given (a listener and a finalization entry), the
// Response wraps its text in a stream that has to be read back out, and all of it is garbage a moment
// later. The guest confirm, the request a lunch rush repeats, needs none of that: its route reads the
// method, the URL, a few headers and the body's bytes, and answers a status and a JSON text. A deferred
// object answers those members itself; any other member (and anyone who needs the real object) builds the
// real one once, from the same parts, and is answered by it, so it behaves as the real object would.

/**
 * Where a Request whose body was already read in full offers those bytes, so the app's body reader
 * (app/lib/body.server.ts) takes them as they are rather than reading them back out of a stream.
 */
export const BUFFERED_BODY = Symbol.for('group-order.buffered-body');

/**
 * Where a JSON answer offers its status and text (while nobody has built its real Response), so the
 * direct path (server-direct.mjs) writes them as they are rather than reading a stream.
 */
export const JSON_ANSWER = Symbol.for('group-order.json-answer');

/**
 * Makes `Deferred` count as a `Base` (instanceof) and answer every member of `Base.prototype` it does not
 * define itself from the real object its `real()` builds.
 * @template T
 * @param {new (...args: any[]) => { real(): object }} Deferred
 * @param {{ prototype: object }} Base
 */
export function deferTo(Deferred, Base) {
  Object.setPrototypeOf(Deferred.prototype, Base.prototype);
  for (const key of Reflect.ownKeys(Base.prototype)) {
    if (key === 'constructor' || Object.hasOwn(Deferred.prototype, key)) continue;
    const member = Object.getOwnPropertyDescriptor(Base.prototype, key);
    if (!member) continue;
    if (member.get) {
      Object.defineProperty(Deferred.prototype, key, {
        configurable: true,
        get() {
          return /** @type {any} */ (this.real())[key];
        },
      });
    } else if (typeof member.value === 'function') {
      const method = member.value;
      Object.defineProperty(Deferred.prototype, key, {
        configurable: true,
        writable: true,
        value(/** @type {unknown[]} */ ...args) {
          return method.apply(this.real(), args);
        },
      });
    }
  }
}
