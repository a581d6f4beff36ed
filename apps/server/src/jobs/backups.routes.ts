import { BackupStatusResponse } from '@salon/contracts/staff-backups'
import { createRouter, json } from '../lib/openapi.ts'
import { staffRoute, type StaffEnv } from '../modules/shop/public.ts'
import type { BackupStatus } from './backups.ts'

/** GET /api/staff/backups: the owner sees when the server last backed the salon up, and a failure since (docs/operations.md). */
export function createBackupRoutes(status: () => Promise<BackupStatus>) {
  return createRouter<StaffEnv>().openapi(
    staffRoute('owner', {
      method: 'get',
      path: '/staff/backups',
      summary: 'When the last scheduled backup was made, and the last failure since',
      responses: { 200: json(BackupStatusResponse, 'The backups') },
    }),
    async (c) => c.json(await status(), 200, { 'Cache-Control': 'private, no-store' }),
  )
}
