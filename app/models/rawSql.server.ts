import { provider } from '../db.server';

// Plain SQL (the confirm's hot path, the privacy webhooks' searches), written once for both databases:
// placeholders are written $1..$n as PostgreSQL reads them; SQLite reads ?1..?n. Identifiers are
// double-quoted ("GroupOrder"), which both databases accept. A Prisma model query costs about three
// times a raw one (it is compiled on every call). Rows come back typed as Prisma's models (dates as Date,
// booleans as boolean); counts may be bigint.

/** The statement in the current database's placeholder style. */
export const sql = (text: string) => (provider === 'postgresql' ? text : text.replace(/\$(\d+)/g, '?$1'));

/** `count` placeholders numbered from `from`: "$4, $5, $6". */
export const list = (count: number, from: number) =>
  Array.from({ length: count }, (_, index) => `$${from + index}`).join(', ');
