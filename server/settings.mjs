// The server's own settings read from the environment (server/*.mjs run without the app's zod schema).

/**
 * A whole-number setting: unset or empty is `fallback`, else a whole number from `min` to `max`; anything
 * else is refused with a sentence naming the setting, what it accepts (`accepted`) and what it was given.
 * @param {string} name
 * @param {string | undefined} value
 * @param {{ fallback: number, min: number, max: number, accepted: string }} rule
 */
export function wholeNumberSetting(name, value, { fallback, min, max, accepted }) {
  const text = value?.trim() ?? '';
  if (text === '') return fallback;
  const number = Number(text);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new Error(`${name} must be ${accepted}; it is "${value}".`);
  }
  return number;
}
