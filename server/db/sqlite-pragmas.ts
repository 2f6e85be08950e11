/**
 * How every SQLite connection of the server is set up (connection.ts; the read workers'
 * read-only ones take the busy timeout). A file of its own, so a read worker gets them without
 * loading PostgreSQL's driver.
 */
export const SQLITE_PRAGMAS = {
  journal_mode: 'WAL',
  synchronous: 'NORMAL',
  foreign_keys: 'ON',
  busy_timeout: 5000,
  journal_size_limit: 64 * 1024 * 1024,
} as const;
