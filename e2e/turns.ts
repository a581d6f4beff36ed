import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Runs `work` while no other test of the run does the same kind of work: for what a test saves whole over the
 * demo salon's own (the price list is one list, saved at once: two tests saving it together remove each other's
 * items). A directory made under test-results/ (which each run starts without) is the turn; its making is atomic.
 */
export async function inTurn<T>(name: string, work: () => Promise<T>): Promise<T> {
  const turn = join('test-results', '.turns', name)
  await mkdir(join('test-results', '.turns'), { recursive: true })
  const until = Date.now() + 120_000
  for (;;) {
    try {
      await mkdir(turn)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() > until) throw error
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  try {
    return await work()
  } finally {
    await rm(turn, { recursive: true, force: true })
  }
}
