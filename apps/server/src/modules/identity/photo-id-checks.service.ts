import { PHOTO_ID_NEEDED, type PhotoIdDocument } from '@salon/contracts/rules/photo-id'
import type { PhotoIdCheck, PhotoIdCheckInput, PhotoIdStatus } from '@salon/contracts/staff-photo-id'
import type { Db } from '@salon/db'
import { HttpError } from '../../lib/errors.ts'
import { toIsoWithOffset } from '../../lib/local-time.ts'
import { createAuditLog, type StaffActor } from '../shop/public.ts'
import { createPhotoIdChecksRepository, type PhotoIdCheckRow } from './photo-id-checks.repository.ts'

/**
 * The one rule for photo ID at the desk (docs/product.md §10.2, §10.3), asked by the walk-in booking and by both
 * counter sales, in their transaction and under the customer's lock: a customer whose date of birth no check has
 * confirmed yet must have their photo ID checked, and the request says which kind of document was seen; it is
 * recorded (who, when by the app's clock, the kind; never a number or a copy), with its line in the audit log. A
 * customer checked once is not asked again, and a check sent for them anyway changes nothing. Without the check the
 * request is refused with 400, and the caller's transaction takes back everything else it changed.
 */
export async function requirePhotoIdCheck(
  db: Db,
  input: { sub: string; check: PhotoIdCheckInput | undefined; by: StaffActor; at: number },
): Promise<{ recorded: boolean; check: PhotoIdCheckRow }> {
  const { shopId } = input.by
  const repo = createPhotoIdChecksRepository(db)
  const earlier = await repo.find(shopId, input.sub)
  if (earlier) return { recorded: false, check: earlier }
  if (!input.check) throw new HttpError(400, PHOTO_ID_NEEDED, { field: 'idCheck' })
  const outcome = await repo.record({
    shopId,
    sub: input.sub,
    document: input.check.document,
    checkedAt: new Date(input.at),
    checkedBy: input.by.sub,
    checkedByName: input.by.name,
  })
  // The log names the customer by id and says that the check was made; the kind of document is in the check's row,
  // which an erasure clears (docs/product.md §10.5).
  if (outcome.recorded) {
    await createAuditLog(db).record(input.by, { action: 'customer.photo-id-checked', subjectType: 'customer', subjectId: input.sub, after: { checked: true } })
  }
  return outcome
}

/** A check as the staff pages show it: "Photo ID checked: Passport, 3 March 2026, by Amy". */
export function photoIdCheckView(row: PhotoIdCheckRow, timeZone: string): PhotoIdCheck {
  return {
    document: row.document as PhotoIdDocument | null,
    at: toIsoWithOffset(row.checkedAt.getTime(), timeZone),
    by: { sub: row.checkedBy, name: row.checkedByName },
  }
}

/** GET /api/staff/customers/{sub}/photo-id: whether the desk must ask, and the check recorded. */
export async function photoIdStatus(db: Db, shopId: string, sub: string, timeZone: string): Promise<PhotoIdStatus> {
  const row = await createPhotoIdChecksRepository(db).find(shopId, sub)
  return { sub, needed: row === undefined, check: row ? photoIdCheckView(row, timeZone) : null }
}
