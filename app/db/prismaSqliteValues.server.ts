import {
  type ArgType,
  type ColumnType,
  ColumnTypeEnum,
  DriverAdapterError,
  type Error as AdapterError,
} from '@prisma/driver-adapter-utils';
import { isSafe, sqliteInstant } from './sqliteValues.server';

// Values and errors between Prisma's query engine and the SQLite driver, as Prisma's own SQLite adapters
// (@prisma/adapter-libsql, @prisma/adapter-better-sqlite3) map them: the column type from the declared
// type, else from the first value that is not null; arguments by the type Prisma gives for each; driver
// errors as the kinds Prisma turns into its codes (a UniqueConstraintViolation with its fields is P2002).

/** The column type Prisma reads for a declared SQLite type; null when the value has to say. */
function declaredColumnType(declared: string | null): ColumnType | null {
  switch (declared) {
    case 'DECIMAL':
      return ColumnTypeEnum.Numeric;
    case 'FLOAT':
      return ColumnTypeEnum.Float;
    case 'DOUBLE':
    case 'DOUBLE PRECISION':
    case 'NUMERIC':
    case 'REAL':
      return ColumnTypeEnum.Double;
    case 'TINYINT':
    case 'SMALLINT':
    case 'MEDIUMINT':
    case 'INT':
    case 'INTEGER':
    case 'SERIAL':
    case 'INT2':
      return ColumnTypeEnum.Int32;
    case 'BIGINT':
    case 'UNSIGNED BIG INT':
    case 'INT8':
      return ColumnTypeEnum.Int64;
    case 'DATETIME':
    case 'TIMESTAMP':
      return ColumnTypeEnum.DateTime;
    case 'TIME':
      return ColumnTypeEnum.Time;
    case 'DATE':
      return ColumnTypeEnum.Date;
    case 'TEXT':
    case 'CLOB':
    case 'CHARACTER':
    case 'VARCHAR':
    case 'VARYING CHARACTER':
    case 'NCHAR':
    case 'NATIVE CHARACTER':
    case 'NVARCHAR':
      return ColumnTypeEnum.Text;
    case 'BLOB':
      return ColumnTypeEnum.Bytes;
    case 'BOOLEAN':
      return ColumnTypeEnum.Boolean;
    case 'JSONB':
      return ColumnTypeEnum.Json;
    default:
      return null;
  }
}

/** The column type a value shows, for a column without a declared type (an expression). */
function valueColumnType(value: unknown): ColumnType {
  if (typeof value === 'string') return ColumnTypeEnum.Text;
  if (typeof value === 'bigint') return ColumnTypeEnum.Int64;
  if (typeof value === 'number') return ColumnTypeEnum.UnknownNumber;
  if (value instanceof Uint8Array) return ColumnTypeEnum.Bytes;
  throw new TypeError(`Unexpected value from the database: ${typeof value}`);
}

/** The declared types of a statement's columns, in Prisma's terms (null where the values decide). */
export function declaredColumnTypes(declared: (string | null)[]) {
  return declared.map(declaredColumnType);
}

/** Each column's type: the declared one, else the first non-null value's, else Int32 (as Prisma's adapters do). */
export function columnTypes(declared: (ColumnType | null)[], rows: unknown[][]): ColumnType[] {
  return declared.map((type, column) => {
    if (type !== null) return type;
    for (const row of rows) if (row[column] !== null) return valueColumnType(row[column]);
    return ColumnTypeEnum.Int32;
  });
}

/** One row as Prisma reads it: integers as numbers (as text when beyond a number), bytes as arrays. */
export function prismaRow(row: unknown[], types: ColumnType[]) {
  const values: unknown[] = new Array(row.length);
  for (let i = 0; i < row.length; i++) {
    const value = row[i];
    const type = types[i];
    if (typeof value === 'bigint') {
      if (type === ColumnTypeEnum.DateTime) values[i] = new Date(Number(value)).toISOString();
      else values[i] = isSafe(value) ? Number(value) : value.toString();
    } else if (typeof value === 'number') {
      if (type === ColumnTypeEnum.DateTime) values[i] = new Date(value).toISOString();
      else if ((type === ColumnTypeEnum.Int32 || type === ColumnTypeEnum.Int64) && !Number.isInteger(value)) {
        values[i] = Math.trunc(value);
      } else values[i] = value;
    } else if (value instanceof Uint8Array) {
      values[i] = Array.from(value);
    } else values[i] = value;
  }
  return values;
}

/** One argument as the driver takes it, by the type Prisma gives for it. */
export function prismaArg(arg: unknown, type: ArgType | undefined): unknown {
  if (arg === null) return null;
  if (arg === undefined) throw new TypeError('undefined cannot be passed as argument to the database');
  if (typeof arg === 'boolean') return arg ? 1 : 0;
  if (arg instanceof Date) return sqliteInstant(arg);
  if (typeof arg === 'string') {
    switch (type?.scalarType) {
      case 'int':
        return Number.parseInt(arg);
      case 'float':
      case 'decimal':
        return Number.parseFloat(arg);
      case 'bigint':
        return BigInt(arg);
      case 'datetime':
        return sqliteInstant(new Date(arg));
      case 'bytes':
        return Buffer.from(arg, 'base64');
    }
    return arg;
  }
  if (Array.isArray(arg) && type?.scalarType === 'bytes') return Buffer.from(arg as number[]);
  if (arg instanceof ArrayBuffer) return Buffer.from(arg);
  return arg;
}

/** The fields a constraint message names ("UNIQUE constraint failed: Table.a, Table.b" -> a, b). */
function constraintFields(message: string) {
  const fields = message
    .split('constraint failed: ')
    .at(1)
    ?.split(', ')
    .map((field) => field.split('.').pop() ?? field);
  return fields === undefined ? undefined : { fields };
}

const SQLITE_BUSY = 5;
const PRIMARY_CODE = 0xff;

/** A driver error in Prisma's terms, by SQLite's extended result code. */
function mappedError(rawCode: number, message: string): AdapterError {
  switch (rawCode) {
    case 2067: // SQLITE_CONSTRAINT_UNIQUE
    case 1555: // SQLITE_CONSTRAINT_PRIMARYKEY
      return { kind: 'UniqueConstraintViolation', constraint: constraintFields(message) };
    case 1299: // SQLITE_CONSTRAINT_NOTNULL
      return { kind: 'NullConstraintViolation', constraint: constraintFields(message) };
    case 787: // SQLITE_CONSTRAINT_FOREIGNKEY
    case 1811: // SQLITE_CONSTRAINT_TRIGGER
      return { kind: 'ForeignKeyConstraintViolation', constraint: { foreignKey: {} } };
  }
  if ((rawCode & PRIMARY_CODE) === SQLITE_BUSY) return { kind: 'SocketTimeout' };
  if (message.startsWith('no such table'))
    return { kind: 'TableDoesNotExist', table: message.split(': ').at(1) };
  if (message.startsWith('no such column'))
    return { kind: 'ColumnNotFound', column: message.split(': ').at(1) };
  if (message.includes('has no column named ')) {
    return { kind: 'ColumnNotFound', column: message.split('has no column named ').at(1) };
  }
  return { kind: 'sqlite', extendedCode: rawCode, message };
}

/** The driver's error (`SqliteError`, with SQLite's code) as Prisma's; any other error as it is. */
export function adapterError(error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== 'SqliteError') return error;
  const { rawCode } = error as { rawCode?: unknown };
  const code = typeof rawCode === 'number' ? rawCode : 1;
  return new DriverAdapterError({
    originalCode: String(code),
    originalMessage: error.message,
    ...mappedError(code, error.message),
  });
}
