import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from './client';

/** Which database a backup is taken from or restored into: the embedded PGlite directory or a PostgreSQL URL. */
export type TBackupTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export class BackupError extends Error {}

/** `caravan-pglite-20261125-181500.tar.gz` / `caravan-postgres-20261125-181500.dump` in `dir`. */
export function backupFileName(target: TBackupTarget, dir: string, label = '', now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll('-', '')
    .replaceAll(':', '')
    .replace('T', '-');
  const extension = target.kind === 'pglite' ? 'tar.gz' : 'dump';
  return path.join(dir, `caravan-${target.kind}${label ? `-${label}` : ''}-${stamp}.${extension}`);
}

/**
 * The URL without its password, and the password for PGPASSWORD: a password on a command line is
 * readable by every user of the machine (ps), an environment variable only by the same user.
 */
function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  pipeTo?: { command: string; args: string[]; preamble: string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const first = spawn(command, args, { env, stdio: ['ignore', pipeTo ? 'pipe' : 'inherit', 'pipe'] });
    const errors: string[] = [];
    const collect = (chunk: Buffer) => errors.push(chunk.toString());
    first.stderr!.on('data', collect);
    let second: ReturnType<typeof spawn> | undefined;
    if (pipeTo) {
      second = spawn(pipeTo.command, pipeTo.args, { env, stdio: ['pipe', 'ignore', 'pipe'] });
      second.stderr!.on('data', collect);
      second.stdin!.write(pipeTo.preamble);
      first.stdout!.pipe(second.stdin!);
    }
    const finished = (name: string, child: ReturnType<typeof spawn>) =>
      new Promise<void>((done, fail) => {
        child.on('error', (error) => fail(new BackupError(`${name} could not start: ${error.message}`)));
        child.on('close', (code) =>
          code === 0
            ? done()
            : fail(new BackupError(`${name} failed (exit ${code}): ${errors.join('').trim()}`)),
        );
      });
    Promise.all([
      finished(command, first),
      ...(second && pipeTo ? [finished(pipeTo.command, second)] : []),
    ]).then(() => resolve(), reject);
  });
}

/** A PGlite directory that a running server holds (its postmaster.pid exists while it is open). */
function assertPgliteIdle(dataDir: string, force: boolean) {
  if (!force && existsSync(path.join(dataDir, 'postmaster.pid'))) {
    throw new BackupError(
      `${dataDir} is in use (postmaster.pid): stop the server first (PGlite is one process). If the server crashed, run again with --force.`,
    );
  }
}

/**
 * Writes a backup of `target` to `file`. PGlite: the whole data directory as a gzipped tarball
 * (dumpDataDir), with the server stopped. PostgreSQL: pg_dump in its custom format, safe while the
 * servers run (one consistent snapshot).
 */
export async function backupDatabase(
  target: TBackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ file: string; bytes: number }> {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  if (target.kind === 'pglite') {
    if (!existsSync(path.join(target.dataDir, 'PG_VERSION'))) {
      throw new BackupError(`no PGlite database in ${target.dataDir}`);
    }
    assertPgliteIdle(target.dataDir, options.force ?? false);
    const pglite = await PGlite.create({ dataDir: target.dataDir, extensions: PGLITE_EXTENSIONS });
    try {
      const dump = await pglite.dumpDataDir('gzip');
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
  } else {
    const { dbname, env } = connectionOf(target.url);
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${dbname}`],
      env,
    );
  }
  // A backup that stopped half-way never carries the final name.
  renameSync(partial, file);
  return { file, bytes: statSync(file).size };
}

/**
 * Replaces the database of `target` with the backup in `file`.
 * PGlite (server stopped): the backup is unpacked into a new directory and opened once; only then is the
 * current directory renamed aside (`<DATA_DIR>.before-restore-<time>`, returned as `previous`) and the new one
 * put in its place. PostgreSQL (servers stopped): the file is checked with pg_restore --list, then one psql
 * transaction drops the schemas public and drizzle and replays the backup, so a failure leaves the database
 * as it was.
 */
export async function restoreDatabase(
  target: TBackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ previous?: string }> {
  if (!existsSync(file)) {
    throw new BackupError(`no backup file ${file}`);
  }
  if (target.kind === 'pglite') {
    const dataDir = path.resolve(target.dataDir);
    if (existsSync(dataDir)) {
      assertPgliteIdle(dataDir, options.force ?? false);
    }
    const staging = `${dataDir}.restoring`;
    rmSync(staging, { recursive: true, force: true });
    try {
      const pglite = await PGlite.create({
        dataDir: staging,
        loadDataDir: new Blob([readFileSync(file)]),
        extensions: PGLITE_EXTENSIONS,
      });
      try {
        await pglite.query('select count(*) from drizzle.__drizzle_migrations');
      } finally {
        await pglite.close();
      }
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw new BackupError(`${file} is not a readable PGlite backup: ${(error as Error).message}`);
    }
    let previous: string | undefined;
    if (existsSync(dataDir)) {
      previous = `${dataDir}.before-restore-${new Date()
        .toISOString()
        .replaceAll(':', '')
        .replace(/\.\d+Z$/, 'Z')}`;
      renameSync(dataDir, previous);
    }
    renameSync(staging, dataDir);
    return previous ? { previous } : {};
  }
  const { dbname, env } = connectionOf(target.url);
  await run('pg_restore', ['--list', file], env).catch((error: unknown) => {
    throw new BackupError(`${file} is not a pg_dump custom-format backup: ${(error as Error).message}`);
  });
  await run('pg_restore', ['--no-owner', '--no-privileges', '--file=-', file], env, {
    command: 'psql',
    args: ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', `--dbname=${dbname}`],
    // pg_dump does not write CREATE SCHEMA public (every database has it), so it is made again here.
    preamble:
      'drop schema if exists drizzle cascade;\ndrop schema if exists public cascade;\ncreate schema public;\n',
  });
  return {};
}
