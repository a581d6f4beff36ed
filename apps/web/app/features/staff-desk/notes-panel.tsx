import { NOTE_MAX_LENGTH } from '@salon/contracts/rules/note'
import type { CustomerNote } from '@salon/contracts/staff-customers'
import { useId, useState, type FormEvent } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { dateTime, Panel, useStaff, useStaffAction } from '../staff/public.ts'
import { deskCalls } from './desk-calls.ts'

/** docs/product.md §10.5: the notes staff keep about a customer, newest first, each with who wrote it and when. */
export function NotesPanel({ sub, notes }: { sub: string; notes: CustomerNote[] }) {
  const { notify } = useStaff()
  const action = useStaffAction()
  const id = useId()
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!text.trim()) return setProblem('Please write the note first.')
    setProblem(null)
    const answer = await action.run(() => deskCalls.addNote(sub, text))
    if (answer) {
      notify({ kind: 'success', message: answer.message })
      setText('')
    }
  }
  return (
    <Panel title="Notes">
      <div className="flex flex-col gap-3 px-4 py-4 text-sm sm:px-5">
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-2" aria-label="Add a note">
          <label htmlFor={`${id}-text`} className="font-semibold text-cocoa-800">
            Add a note
          </label>
          <textarea
            id={`${id}-text`}
            className="field-input min-h-20"
            maxLength={NOTE_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={`${id}-help`}
          />
          <p id={`${id}-help`} className="text-xs text-cocoa-600">
            For the team: a preference, what was said at the desk. The customer can ask to see what the salon keeps about them.
          </p>
          {problem && (
            <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 font-medium text-red-800">
              {problem}
            </p>
          )}
          <button type="submit" className="btn-outline min-h-10 self-start px-4 text-sm" disabled={action.busy}>
            {action.busy && <Spinner label="Keeping the note" />}
            Keep the note
          </button>
        </form>
        {notes.length > 0 && (
          <ul className="flex flex-col divide-y divide-cocoa-100 border-t border-cocoa-100" aria-label="Notes kept">
            {notes.map((note) => (
              <li key={note.id} className="py-2.5">
                <p className="whitespace-pre-line text-cocoa-900">{note.text}</p>
                <p className="mt-0.5 text-xs text-cocoa-600">
                  {note.by}, {dateTime(note.at)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  )
}
