// The staff pages staff use every day (docs/product.md §10.2, §10.3): the day sheet, walk-ins, the counter and the
// customer picker they share. Only staff routes import this.
export { BookingCard, paymentText, StatusBadge } from './booking-card.tsx'
export { CustomerPicker, customerSearchOf, PickedCustomer, skinTypeText, useCustomerSearch, useSettledSearch, type CustomerHit } from './customer-picker.tsx'
export { DaySheet } from './day-sheet.tsx'
export { cancelConsequence, MoveCancelDialog } from './move-cancel-dialog.tsx'
export { WalkInDialog } from './walk-in-dialog.tsx'
export { CounterSaleForm } from './counter-sale.tsx'
export { AdjustDialog, RefundDialog } from './owner-corrections.tsx'
export { Takings } from './takings.tsx'
export { photoIdCheckedText, photoIdLookup } from './photo-id.tsx'
export { customerRecordOf, deskCalls } from './desk-calls.ts'
export { CustomerRecord } from './customer-record.tsx'
