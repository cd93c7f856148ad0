// Values between JavaScript and the SQLite driver (`libsql`), for the query builder (app/db/query.server.ts)
// and for Prisma's adapter (prismaSqliteValues.server.ts). What must stay true: an instant is stored as
// Prisma's libSQL adapter always wrote it ("…T12:00:00.000+00:00"), so rows written by either path, and
// rows already in a database, compare correctly as text.

const minSafe = BigInt(Number.MIN_SAFE_INTEGER);
const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);

/** The last instant written and its text: a confirm writes the same instant into several rows. */
let lastInstant = { time: NaN, text: '' };
/** Instants as Prisma's libSQL adapter writes them ("...T12:00:00.000+00:00"), so they compare as text. */
export function sqliteInstant(date: Date) {
  const time = date.getTime();
  if (time === lastInstant.time) return lastInstant.text;
  const text = date.toISOString().replace('Z', '+00:00');
  lastInstant = { time, text };
  return text;
}

/** An argument of the query builder: booleans as 0/1, dates as Prisma writes them, bytes as a Buffer. */
export function toSql(value: unknown) {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return sqliteInstant(value);
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value === undefined) throw new TypeError('undefined cannot be passed as argument to the database');
  return value;
}

/** Whether a driver integer fits a JavaScript number. */
export function isSafe(value: bigint) {
  return value >= minSafe && value <= maxSafe;
}

/** A value read for the query builder: integers as numbers (refusing unsafe ones), blobs as ArrayBuffer. */
function fromSql(value: unknown) {
  if (typeof value === 'bigint') {
    if (!isSafe(value)) {
      throw new RangeError('Received integer which cannot be safely represented as a JavaScript number');
    }
    return Number(value);
  }
  if (value instanceof Buffer) {
    return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength);
  }
  return value;
}

/** A value as Prisma returns it for the column's declared type: DATETIME as a Date, BOOLEAN as a boolean. */
function typed(value: unknown, declaredType: string | null) {
  if (value === null) return null;
  if (declaredType === 'DATETIME') return new Date(value as string | number);
  if (declaredType === 'BOOLEAN') return value !== 0;
  return value;
}

/** Rows of the driver (arrays in column order) as the query builder's objects, typed as Prisma types them. */
export function toObjects<T>(columns: string[], declaredTypes: (string | null)[], rows: unknown[][]) {
  return rows.map((row) => {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) object[columns[i]] = typed(fromSql(row[i]), declaredTypes[i]);
    return object as T;
  });
}
