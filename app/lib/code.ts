// Order codes avoid characters people confuse when reading them aloud or off a screen (0/O, 1/I/L).
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 6;

export function generateCode(random: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[random(CODE_ALPHABET.length)];
  return code;
}

/** Codes match case-insensitively; anything outside 4-6 letters/digits is not a code. */
export function normalizeCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return /^[A-Z0-9]{4,6}$/.test(code) ? code : null;
}

/** What a code looks like, said where one is refused. */
export const CODE_HINT = 'Order codes are 4-6 letters or numbers, like ABC123.';

/** A route param as a positive 32-bit id, or null when it cannot name anything. */
export function toId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value) || Number(value) > 2_147_483_647) return null;
  return Number(value);
}
