/**
 * The only place that opens SQLite: pragmas, sqlite-vec, and migrations. A database that is corrupt, was
 * written by a newer Siteloupe, or whose applied migrations differ from the bundled list is refused with an
 * error naming the file; it is never reset, because it holds the user's crawls.
 */
import { chmodSync, closeSync, openSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { DatabaseOpenError } from './errors.js';
import { MIGRATIONS, type Migration, type MigrationContext } from './migrations/index.js';

export type Db = Database.Database;

export interface OpenOptions extends MigrationContext {
  /** Migrations to apply; tests pass a custom list to exercise refusal paths. */
  migrations?: readonly Migration[];
  readonly?: boolean;
}

/** The files SQLite keeps for a database in WAL mode. */
const SIDE_FILES = ['', '-wal', '-shm'];

/**
 * The database holds the user's crawls and must not be readable by other local users, whatever the folder's
 * mode or the umask: it is created 0600 before SQLite opens it (an empty file is a new database), and SQLite
 * gives the WAL and shared-memory files it creates the database file's mode. Files an older Siteloupe created
 * 0644 are tightened on open. Not on Windows, where modes do not apply; a file owned by someone else is left
 * as it is (tightening is not ours to do, and SQLite still reads it).
 */
function ownerOnly(file: string, create: boolean): void {
  if (process.platform === 'win32' || file === ':memory:' || file === '') return;
  if (create) {
    try {
      closeSync(openSync(file, 'wx', 0o600));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  for (const suffix of SIDE_FILES) {
    try {
      if ((statSync(file + suffix).mode & 0o077) !== 0) chmodSync(file + suffix, 0o600);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EPERM') throw err;
    }
  }
}

export function openDatabase(file: string, options: OpenOptions = {}): Db {
  const migrations = options.migrations ?? MIGRATIONS;
  const writable = !(options.readonly ?? false);
  let db: Db;
  try {
    if (writable) ownerOnly(file, true);
    db = new Database(file, {
      readonly: options.readonly ?? false,
      fileMustExist: options.readonly ?? false,
    });
  } catch (err) {
    throw new DatabaseOpenError(file, 'unreadable', (err as Error).message, { cause: err });
  }
  try {
    // The first statement that reads the header is where a non-database file is noticed.
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    // SQLite opens the extension file itself, bypassing Electron's asar reader: in a packaged app the
    // extension is unpacked next to app.asar.
    db.loadExtension(sqliteVec.getLoadablePath().replace(/app\.asar(?!\.unpacked)/, 'app.asar.unpacked'));
    migrate(db, file, migrations, options);
    // The WAL and shared-memory files exist now; an older Siteloupe's may still be 0644.
    if (writable) ownerOnly(file, false);
    return db;
  } catch (err) {
    db.close();
    if (err instanceof DatabaseOpenError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new DatabaseOpenError(
        file,
        'corrupt',
        'the file is not a valid SQLite database (corrupt or not a Siteloupe database). Move it aside or choose another --data-dir.',
        { cause: err },
      );
    }
    throw new DatabaseOpenError(file, 'unreadable', (err as Error).message, { cause: err });
  }
}

function migrate(db: Db, file: string, migrations: readonly Migration[], ctx: MigrationContext): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = db.prepare('SELECT id, name FROM schema_migrations ORDER BY id').all() as {
    id: number;
    name: string;
  }[];
  const latest = migrations.at(-1)?.id ?? 0;
  const newest = applied.at(-1)?.id ?? 0;
  if (newest > latest) {
    throw new DatabaseOpenError(
      file,
      'newer-schema',
      `it has schema version ${newest} but this Siteloupe knows only up to ${latest}. Update Siteloupe, or choose another --data-dir.`,
    );
  }
  applied.forEach((row, i) => {
    const expected = migrations[i];
    if (!expected || expected.id !== row.id || expected.name !== row.name) {
      throw new DatabaseOpenError(
        file,
        'migration-mismatch',
        `applied migration ${row.id} (${row.name}) does not match the bundled list (${expected ? `${expected.id} ${expected.name}` : 'none'}).`,
      );
    }
  });
  const insert = db.prepare('INSERT INTO schema_migrations (id, name, applied_at) VALUES (?, ?, ?)');
  let scrubbed = false;
  // Restored after a scrub to what it was: some SQLite builds turn it on by default.
  const secureDelete = db.pragma('secure_delete', { simple: true }) as number;
  for (const m of migrations.slice(applied.length)) {
    // The pragma is a no-op inside a transaction, so it is switched around it.
    if (m.foreignKeysOff) db.pragma('foreign_keys = OFF');
    if (m.scrub) db.pragma('secure_delete = ON');
    try {
      db.transaction(() => {
        db.exec(m.sql);
        m.run?.(db, ctx);
        if (m.foreignKeysOff) assertForeignKeys(db, m);
        insert.run(m.id, m.name, new Date().toISOString());
      })();
      scrubbed ||= m.scrub ?? false;
    } finally {
      if (m.foreignKeysOff) db.pragma('foreign_keys = ON');
      if (m.scrub) db.pragma(`secure_delete = ${secureDelete}`);
    }
  }
  // The zeroed pages into the database file, and the WAL (which held the old pages too) cut to nothing.
  if (scrubbed) db.pragma('wal_checkpoint(TRUNCATE)');
}

/** A rebuild that left a reference dangling is rolled back rather than committed with foreign keys broken. */
function assertForeignKeys(db: Db, m: Migration): void {
  const broken = db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
  if (broken.length) {
    const first = broken[0]!;
    throw new Error(
      `migration ${m.id} (${m.name}) would leave ${broken.length} broken reference(s), the first from ${first.table} row ${first.rowid} to ${first.parent}`,
    );
  }
}

export function schemaVersion(db: Db): number {
  const row = db.prepare('SELECT MAX(id) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}
