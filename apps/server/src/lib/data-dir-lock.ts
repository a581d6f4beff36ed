import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The embedded database is one process's: two processes on the same DATA_DIR would both write its files. The server
 * keeps its process id in DATA_DIR/server.pid while it runs on the embedded database, and the commands that open that
 * database (a backup, a restore, a move) ask it first.
 */
const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid')

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The id of another live process serving the embedded database in `dataDir`, if there is one. */
export function serverUsing(dataDir: string): number | undefined {
  let pid: number
  try {
    pid = Number(readFileSync(pidFile(dataDir), 'utf8').trim())
  } catch {
    return undefined
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined
}

/** Marks `dataDir` as this process's; the answer gives it back (at a graceful stop). A file left by a process that died is taken over. */
export function holdDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(pidFile(dataDir), `${process.pid}\n`)
  return () => {
    if (serverUsing(dataDir) === undefined) rmSync(pidFile(dataDir), { force: true })
  }
}
