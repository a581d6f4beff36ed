import { todayInUk } from '@salon/contracts/dates'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { useAlert } from '../../components/ui/alert.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { useModalDialog } from '../../components/ui/use-modal-dialog.ts'
import { useAuth, plainErrorMessage } from '../auth/public.ts'
import { accountCalls } from './account-calls.ts'

/** Saves a JSON value as a file, the way a download link would. */
function saveJson(data: unknown, filename: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: filename })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** UK GDPR rights: a copy of everything the salon holds, and erasure. */
export function YourData() {
  const alert = useAlert()
  const [downloading, setDownloading] = useState(false)
  const [confirming, setConfirming] = useState(false)

  async function download() {
    setDownloading(true)
    try {
      saveJson(await accountCalls.downloadData(), `my-salon-data-${todayInUk()}.json`)
    } catch (error) {
      alert.show({ kind: 'error', message: plainErrorMessage(error) })
    } finally {
      setDownloading(false)
    }
  }

  return (
    <section aria-labelledby="data-title" className="card flex flex-col gap-5 p-5 sm:p-6">
      <h2 id="data-title" className="text-2xl font-semibold">
        Your data
      </h2>
      <div className="flex flex-col gap-2">
        <h3 className="font-sans text-lg font-semibold">Download my data</h3>
        <p className="text-cocoa-700">A file with everything we hold about you: your details, choices, bookings and purchases.</p>
        <button type="button" className="btn-outline self-start" onClick={download} disabled={downloading}>
          {downloading && <Spinner label="Preparing your file" />}
          Download my data
        </button>
      </div>
      <div className="flex flex-col gap-2 border-t border-cocoa-100 pt-5">
        <h3 className="font-sans text-lg font-semibold">Delete my account</h3>
        <p className="text-cocoa-700">Close your online account and erase your personal details.</p>
        <button type="button" className="btn self-start border border-red-700 text-red-700 hover:bg-red-50" onClick={() => setConfirming(true)}>
          Delete my account
        </button>
      </div>
      <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} />
      {alert.element}
    </section>
  )
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useModalDialog(open)
  const auth = useAuth()
  const navigate = useNavigate()
  const alert = useAlert()
  const [deleting, setDeleting] = useState(false)
  const titleId = useId()
  const textId = useId()

  async function remove() {
    setDeleting(true)
    try {
      await auth.deleteAccount()
      onClose()
      alert.show({
        kind: 'success',
        title: 'Account deleted',
        message: 'Your account has been deleted and your personal details erased. Thank you for tanning with us.',
        confirmLabel: 'Back to the home page',
        onConfirm: () => void navigate('/', { replace: true }),
      })
    } catch (error) {
      alert.show({ kind: 'error', message: plainErrorMessage(error) })
    } finally {
      setDeleting(false)
    }
  }

  return (
    <>
      <dialog
        ref={ref}
        role="alertdialog"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onClose={onClose}
        onCancel={(event) => {
          event.preventDefault()
          if (!deleting) onClose()
        }}
        className="m-auto w-[min(92vw,30rem)] rounded-3xl bg-white p-0 text-cocoa-900 shadow-2xl backdrop:bg-cocoa-950/60 backdrop:backdrop-blur-sm"
      >
        <div className="flex flex-col gap-4 p-6">
          <h2 id={titleId} className="text-2xl font-semibold">
            Delete your account?
          </h2>
          <div id={textId} className="flex flex-col gap-3 text-cocoa-700">
            <p>This cannot be undone. When you delete your account:</p>
            <ul className="flex list-disc flex-col gap-1 pl-5">
              <li>you are signed out everywhere, and cannot sign in again with this account;</li>
              <li>your name, mobile number, email, date of birth, skin type and marketing choices are erased;</li>
              <li>any minutes left on your balance are lost.</li>
            </ul>
            <p>Your past bookings and payments are kept without your name, for the salon's records and accounts.</p>
          </div>
          <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-outline" onClick={onClose} disabled={deleting} autoFocus>
              Keep my account
            </button>
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={remove} disabled={deleting}>
              {deleting && <Spinner label="Deleting" />}
              Delete my account
            </button>
          </div>
        </div>
      </dialog>
      {alert.element}
    </>
  )
}
