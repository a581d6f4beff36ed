import type { StaffMe } from '@salon/contracts/staff'
import { useRevalidator } from 'react-router'
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react'
import { useStaffActionWith, type StaffAction } from './staff-api.ts'

export interface StaffNotice {
  kind: 'success' | 'error'
  message: string
}

interface StaffContextValue {
  /** The member signed in (GET /api/staff/me): name, role, shop and salon name. */
  me: StaffMe
  /** Whether the member is the salon's owner: owner-only pages and actions are shown to owners only. */
  isOwner: boolean
  /** Shows a short message in the layout's notice area (success fades, an error stays until closed). */
  notify: (notice: StaffNotice) => void
}

const StaffContext = createContext<StaffContextValue | null>(null)

/** The member signed in, for any staff page or component under the staff layout. */
export function useStaff(): StaffContextValue {
  const value = useContext(StaffContext)
  if (!value) throw new Error('useStaff is used outside the staff layout')
  return value
}

/** Changes from a staff page, with their outcome shown in the layout's notice area: see StaffAction. */
export function useStaffAction(): StaffAction {
  return useStaffActionWith(useStaff().notify, useRevalidator().revalidate)
}

/** The staff layout's provider: the member, and the notice area every page reports to. */
export function StaffProvider({ me, children }: { me: StaffMe; children: ReactNode }) {
  const [notice, setNotice] = useState<(StaffNotice & { id: number }) | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const notify = useCallback((next: StaffNotice) => {
    clearTimeout(timer.current)
    setNotice({ ...next, id: Date.now() })
    if (next.kind === 'success') timer.current = setTimeout(() => setNotice(null), 5000)
  }, [])
  const value = useMemo(() => ({ me, isOwner: me.role === 'owner', notify }), [me, notify])
  return (
    <StaffContext.Provider value={value}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 lg:bottom-6 lg:pl-64">
        {notice && (
          <div
            key={notice.id}
            role={notice.kind === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto flex max-w-lg items-start gap-3 rounded-2xl px-4 py-3 text-base font-medium shadow-lg ring-1 ${
              notice.kind === 'error' ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-cocoa-900 text-cream ring-cocoa-900'
            }`}
          >
            <span className="flex-1">{notice.message}</span>
            <button
              type="button"
              onClick={() => setNotice(null)}
              className="-my-1 -mr-2 rounded-full px-2 py-1 text-sm font-semibold underline-offset-2 hover:underline"
            >
              Close
            </button>
          </div>
        )}
      </div>
    </StaffContext.Provider>
  )
}
