import { randomBytes } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createDatabase } from '@salon/db'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { onCi, POSTGRES_ADMIN_URL, postgresAvailable } from './database.ts'

/**
 * Global set-up of the API test projects: migrates one database of the project's kind, which every test file
 * then copies (PGlite: a data-directory snapshot; PostgreSQL: CREATE DATABASE ... TEMPLATE), so the
 * migrations run once per run, not once per file.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'
  if (kind === 'pglite') {
    const database = await createDatabase({})
    await database.migrate()
    const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client
    const file = path.join(os.tmpdir(), `salon-test-${process.pid}-${randomBytes(4).toString('hex')}.tar`)
    await writeFile(file, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()))
    await database.close()
    project.provide('testDatabase', { pgliteSnapshot: file, postgresTemplate: null, unavailable: null })
    return () => rm(file, { force: true })
  }

  if (!(await postgresAvailable())) {
    const reason = `PostgreSQL does not answer at ${new URL(POSTGRES_ADMIN_URL).host} (TEST_DATABASE_URL or DATABASE_URL)`
    // CI runs both projects: there a missing PostgreSQL fails the run instead of leaving half the suite unrun.
    if (onCi) throw new Error(`${reason}; CI must run the API tests on PostgreSQL too.`)
    console.warn(`\n${reason}: the api-postgres suites are skipped.\n`)
    project.provide('testDatabase', { pgliteSnapshot: null, postgresTemplate: null, unavailable: reason })
    return
  }
  const template = `salon_template_${randomBytes(6).toString('hex')}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${template}`)
  const url = new URL(POSTGRES_ADMIN_URL)
  url.pathname = `/${template}`
  const database = await createDatabase({ url: url.href, maxConnections: 1 })
  await database.migrate()
  // A template must have no connections while databases are created from it.
  await database.close()
  project.provide('testDatabase', { pgliteSnapshot: null, postgresTemplate: template, unavailable: null })
  return () => admin(`drop database if exists ${template} with (force)`)
}
