import { z } from 'zod'

/** What the owner sees of the server's scheduled backups (docs/operations.md): GET /api/staff/backups. */
export const BackupStatusResponse = z.object({
  /** Whether this server makes scheduled backups (its BACKUP_DIR setting is set). */
  scheduled: z.boolean(),
  /** The last backup made (ISO 8601), its size in bytes and the rows it holds. */
  last: z.object({ at: z.string(), bytes: z.number().int(), rows: z.number().int() }).nullable(),
  /** The last backup that failed for good, when it is newer than the last one made, with why. */
  failed: z.object({ at: z.string(), error: z.string() }).nullable(),
})
export type BackupStatusResponse = z.infer<typeof BackupStatusResponse>
