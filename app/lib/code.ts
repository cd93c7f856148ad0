// Order codes avoid characters people confuse when reading them aloud or off a screen (0/O, 1/I/L).
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;

export function generateCode(random: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[random(CODE_ALPHABET.length)];
  return code;
}

/**
 * Codes match case-insensitively, and the spaces and dashes people type when copying a code read aloud or
 * printed in groups ("4YAE 2W", "4YA-E2W") are ignored; anything else outside 4-6 letters/digits is not a code.
 */
export function normalizeCode(input: string): string | null {
  const code = input.replace(/[\s\-\u2010-\u2015]+/g, '').toUpperCase();
  return /^[A-Z0-9]{4,6}$/.test(code) ? code : null;
}

/** Code boxes take a code with a few spaces or dashes in it; normalizeCode removes them. */
export const CODE_INPUT_MAX = 12;

/** What a code looks like, said where one is refused. */
export const CODE_HINT = 'Order codes are 4-6 letters or numbers, like ABC123.';

/** A route param as a positive 32-bit id, or null when it cannot name anything. */
export function toId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value) || Number(value) > 2_147_483_647) return null;
  return Number(value);
}
