import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export class DataDirInUseError extends Error {}

/**
 * One Meld per data directory. LevelDB would refuse a second process too, but dynalite turns
 * that refusal into an uncaught exception on the first query, so the lock is taken up front.
 * The file holds the owner's pid; a lock left by a process that no longer exists is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, 'meld.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(file, String(process.pid), { flag: 'wx' });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(await readFile(file, 'utf8').catch(() => ''));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new DataDirInUseError(`${dataDir} is in use by another Meld (process ${owner}); stop it or set MELD_DATA_DIR`);
    }
    await rm(file, { force: true });
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
