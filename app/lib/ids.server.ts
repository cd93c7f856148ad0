import { createHash, randomBytes, randomInt } from 'node:crypto';
import { generateCode } from './code';

/** Group order ids appear in URLs: random in the 32-bit range so nobody can walk them. */
export function randomOrderId() {
  return randomInt(10_000_000, 2_147_483_647);
}

export function randomOrderCode() {
  return generateCode((max) => randomInt(0, max));
}

/** A secret for the browser (host token, one-time links); only its hash is stored. */
export function newSecret() {
  return randomBytes(24).toString('base64url');
}

export function hashSecret(secret: string) {
  return createHash('sha256').update(secret).digest('hex');
}
