import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqliteConnection } from './sqliteConnection.server';

// Group commit on the SQLite connection (sqliteConnection.server.ts, `inTransaction`): query-builder transactions
// that come in together share one COMMIT, each in a savepoint of its own. On a database file of its own,
// so it runs whichever database the rest of the suite uses.

let dir: string;
let file: string;
let connection: SqliteConnection;
/** In order: the BEGIN, COMMIT and ROLLBACK statements the connection ran, and when transactions settled. */
let events: string[];

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'group-commit-'));
  file = path.join(dir, 'test.sqlite');
  connection = new SqliteConnection(file);
  connection.users = 1;
  await connection.executeScript(
    `CREATE TABLE Parent (id INTEGER PRIMARY KEY);
     CREATE TABLE Line (id INTEGER PRIMARY KEY, note TEXT NOT NULL UNIQUE,
       parentId INTEGER REFERENCES Parent (id) DEFERRABLE INITIALLY DEFERRED);
     PRAGMA foreign_keys = ON;`,
  );
  events = [];
  const run = connection.run.bind(connection);
  connection.run = (sql, values) => {
    if (/^(BEGIN|COMMIT|ROLLBACK)\b/.test(sql)) events.push(sql);
    return run(sql, values);
  };
});

afterEach(() => {
  connection.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (note: string, parentId: number | null = null) =>
  connection.run('INSERT INTO Line (note, parentId) VALUES (?, ?)', [note, parentId]);
/** A transaction writing `note`, then failing if asked to; records when it settles. */
function write(note: string, fail = false) {
  return connection
    .inTransaction(async () => {
      insert(note);
      await Promise.resolve();
      if (fail) throw new Error(`${note} changed its mind`);
      return note;
    })
    .then(
      (value) => {
        events.push(`done ${value}`);
        return value;
      },
      (error: Error) => {
        events.push(`failed ${note}`);
        throw error;
      },
    );
}
/** What another connection to the file sees: only what is committed. */
function committedNotes() {
  const reader = new Database(file);
  try {
    return (reader.prepare('SELECT note FROM Line ORDER BY id').all() as { note: string }[]).map(
      (r) => r.note,
    );
  } finally {
    reader.close();
  }
}

describe('SQLite group commit', () => {
  it('commits transactions that come in together once, and answers none of them before the COMMIT', async () => {
    const results = await Promise.all(['a', 'b', 'c', 'd'].map((note) => write(note)));
    expect(results).toEqual(['a', 'b', 'c', 'd']);
    expect(events).toEqual(['BEGIN IMMEDIATE', 'COMMIT', 'done a', 'done b', 'done c', 'done d']);
    expect(committedNotes()).toEqual(['a', 'b', 'c', 'd']);
    // A transaction that comes in later has a commit of its own.
    await write('e');
    expect(events.slice(6)).toEqual(['BEGIN IMMEDIATE', 'COMMIT', 'done e']);
  });

  it('keeps the group open while each turn of the event loop adds to it, and commits after a turn that adds none', async () => {
    // Requests arriving one turn after another, as a burst's do: each joins the open group. The clock the
    // group reads stands still here, so a busy machine's slow turns cannot reach the 2 ms cap (the next
    // test checks the cap).
    vi.useFakeTimers({ toFake: ['performance'] });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const arriving = [write('a')];
    try {
      for (const note of ['b', 'c']) {
        await turn();
        arriving.push(write(note));
      }
      await Promise.all(arriving);
    } finally {
      vi.useRealTimers();
    }
    expect(events).toEqual(['BEGIN IMMEDIATE', 'COMMIT', 'done a', 'done b', 'done c']);
    expect(committedNotes()).toEqual(['a', 'b', 'c']);
  });

  it('stops waiting for more at 64 members or 2 ms after its BEGIN', async () => {
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    // 64 in one turn: the group commits, and the one arriving next turn starts a group of its own.
    const first = Array.from({ length: 64 }, (_, i) => write(`n${i}`));
    // (Two turns: the group's own check comes after the first, which was asked for before the BEGIN.)
    await turn();
    await turn();
    await Promise.all([...first, write('late')]);
    expect(events.filter((e) => !e.startsWith('done'))).toEqual([
      'BEGIN IMMEDIATE',
      'COMMIT',
      'BEGIN IMMEDIATE',
      'COMMIT',
    ]);
    expect(events.indexOf('done n63')).toBeLessThan(events.lastIndexOf('COMMIT'));
    expect(events.indexOf('done late')).toBeGreaterThan(events.lastIndexOf('COMMIT'));
    // A member that keeps the connection 3 ms: the group has waited long enough, the next one starts anew.
    events = [];
    const slow = connection.inTransaction(async () => {
      insert('slow');
      const until = performance.now() + 3;
      while (performance.now() < until);
    });
    await turn();
    await turn();
    await Promise.all([slow, write('after')]);
    expect(events.filter((e) => !e.startsWith('done'))).toEqual([
      'BEGIN IMMEDIATE',
      'COMMIT',
      'BEGIN IMMEDIATE',
      'COMMIT',
    ]);
  });

  it('undoes only the transaction that failed; the others in the same commit keep their writes', async () => {
    const outcomes = await Promise.allSettled([write('a'), write('b', true), write('c')]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe('b changed its mind');
    expect(committedNotes()).toEqual(['a', 'c']);
    // A constraint refused mid-transaction (the same note again) is undone the same way.
    const duplicate = connection.inTransaction(async () => {
      insert('d');
      insert('a');
    });
    await expect(duplicate).rejects.toThrow(/UNIQUE/);
    await write('e');
    expect(committedNotes()).toEqual(['a', 'c', 'e']);
    // The first of a group fails (it had no savepoint): the one behind it still commits.
    const first = await Promise.allSettled([write('f', true), write('g')]);
    expect(first.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
    expect(committedNotes()).toEqual(['a', 'c', 'e', 'g']);
  });

  it('commits the open group first when anything else needs the connection', async () => {
    const pending = write('a');
    // Let the transaction run; its COMMIT is still due (setImmediate).
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(events).toEqual(['BEGIN IMMEDIATE']);
    expect(committedNotes()).toEqual([]);
    const seen = await connection.exclusive(() => connection.query('SELECT COUNT(*) AS n FROM Line', []));
    expect(seen.rows[0]).toEqual({ n: 1 });
    expect(events.slice(0, 2)).toEqual(['BEGIN IMMEDIATE', 'COMMIT']);
    await pending;
    // A Prisma-style transaction (BEGIN … COMMIT of its own) does not start inside an open group either.
    const next = write('b');
    for (let i = 0; i < 10; i++) await Promise.resolve();
    const end = await connection.begin();
    await next;
    end('COMMIT');
    expect(events.slice(3)).toEqual(['BEGIN IMMEDIATE', 'COMMIT', 'BEGIN IMMEDIATE', 'done b', 'COMMIT']);
    expect(committedNotes()).toEqual(['a', 'b']);
  });

  it('fails every transaction of a group whose COMMIT fails, and leaves none of their writes', async () => {
    // The deferred foreign key is checked at COMMIT: the row pointing at no Parent fails the whole group.
    const orphan = connection.inTransaction(async () => {
      insert('orphan', 42);
    });
    const outcomes = await Promise.allSettled([write('a'), orphan, write('b')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedNotes()).toEqual([]);
    // The connection is ready for the next transaction.
    await write('c');
    expect(committedNotes()).toEqual(['c']);
  });
});
