/**
 * Runs PostgreSQL's own client tools (pg_dump, pg_restore) as child processes. The connection URL
 * is passed without its password, which goes in PGPASSWORD: a command line is visible to every
 * user of the machine, a process's environment is not.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { BackupError } from './backup-report';

export type PgTool = 'pg_dump' | 'pg_restore';

/** The one line an admin reads when the tool is missing. */
export function missingToolMessage(tool: PgTool): string {
  return (
    `${tool} was not found on PATH: install PostgreSQL's client tools, the same major version as the server ` +
    '(Debian and Ubuntu: apt-get install postgresql-client), then try again.'
  );
}

/** `url` for libpq without its password, and the environment that carries the password. */
export function libpqTarget(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // libpq decodes only %XX in a URI, not a `+` for a space (`options=-c+search_path=x`).
  parsed.search = [...parsed.searchParams]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

export interface PgToolRun {
  args: string[];
  /** The database URL the tool connects to, if any. */
  url?: string;
  /** Called with each line the tool writes to stdout (its stdout is discarded otherwise). */
  onLine?: (line: string) => void;
  signal?: AbortSignal;
}

/** Runs the tool to its end; a failure becomes a BackupError with the tool's own last words. */
export function runPgTool(tool: PgTool, { args, url, onLine, signal }: PgToolRun): Promise<void> {
  const target = url ? libpqTarget(url) : undefined;
  return new Promise<void>((resolve, reject) => {
    const child = spawn(tool, target ? [...args, `--dbname=${target.dbname}`] : args, {
      env: { ...process.env, ...target?.env },
      stdio: ['ignore', onLine ? 'pipe' : 'ignore', 'pipe'],
      signal,
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    if (onLine && child.stdout)
      readline.createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', onLine);
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') reject(new BackupError(missingToolMessage(tool)));
      else if (error.name === 'AbortError') reject(new BackupError(`${tool} was stopped: the server is shutting down`));
      else reject(new BackupError(`${tool} could not run: ${error.message}`));
    });
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const said = stderr.trim().split('\n').slice(-3).join(' ').replace(/\s+/g, ' ');
      reject(new BackupError(`${tool} failed (exit code ${code ?? 'none'}): ${said || 'no message'}`));
    });
  });
}
