import { IMPORT_FIELD_INFO, IMPORT_FIELDS, type ImportField, type ImportFieldInfo } from '@salon/contracts/rules/customer-import'
import type { ImportReport } from '@salon/contracts/staff-import'
import { useId, type RefObject } from 'react'
import { Spinner } from '../../components/ui/spinner.tsx'
import { Badge, Panel } from '../staff/public.ts'
import { StepTitle } from './step-title.tsx'
import { thousands, type ColumnChoice } from './import-file.ts'

const GROUPS: { group: ImportFieldInfo['group']; title: string; note?: string }[] = [
  { group: 'customer', title: 'The customer' },
  {
    group: 'consent',
    title: 'Consent to the salon’s offers',
    note: 'A yes to offers by email counts only with a yes to offers by text too: the salon asks for one consent to both.',
  },
  { group: 'minutes', title: 'Minutes on their balance' },
  { group: 'booking', title: 'An upcoming session' },
]

interface ColumnsStepProps {
  heading: RefObject<HTMLElement | null>
  fileName: string
  report: ImportReport
  choice: ColumnChoice
  busy: boolean
  onChange: (choice: ColumnChoice) => void
  onBack: () => void
  onCheck: () => void
}

/** Step 2: a choice of the file's columns for each of the salon's fields, filled in with the columns recognised by their names. */
export function ColumnsStep({ heading, fileName, report, choice, busy, onChange, onBack, onCheck }: ColumnsStepProps) {
  const used = new Set(Object.values(choice).filter((v): v is string => v !== null))
  const unused = report.headers.filter((h) => h && !used.has(h))
  return (
    <Panel title={<StepTitle heading={heading} number={2} title="Match the columns" />}>
      <form
        className="flex flex-col gap-6 p-4 sm:p-5"
        onSubmit={(event) => {
          event.preventDefault()
          onCheck()
        }}
      >
        <p className="text-base text-cocoa-700">
          <strong className="text-cocoa-950">{fileName}</strong> has {thousands(report.counts.rows)} {report.counts.rows === 1 ? 'row' : 'rows'} of customers
          and {report.headers.length} columns. Check which column holds each detail; the ones recognised by their names are filled in.
        </p>
        {GROUPS.map(({ group, title, note }) => (
          <fieldset key={group} className="flex flex-col gap-3">
            <legend className="mb-1 text-base font-semibold text-cocoa-950">{title}</legend>
            {note && <p className="-mt-1 text-sm text-cocoa-600">{note}</p>}
            <div className="grid gap-4 sm:grid-cols-2">
              {IMPORT_FIELDS.filter((field) => IMPORT_FIELD_INFO[field].group === group).map((field) => (
                <ColumnSelect
                  key={field}
                  field={field}
                  headers={report.headers}
                  value={choice[field]}
                  recognised={report.suggested[field] !== null && report.suggested[field] === choice[field]}
                  onChange={(value) => onChange({ ...choice, [field]: value })}
                />
              ))}
            </div>
          </fieldset>
        ))}
        {unused.length > 0 && (
          <p className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-cocoa-700">
            <span className="font-semibold text-cocoa-900">Columns not imported:</span> {unused.map((h) => `“${h}”`).join(', ')}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 border-t border-cocoa-100 pt-4 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onBack}>
            Choose another file
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy && <Spinner label="Checking" />}
            Check the file
          </button>
        </div>
      </form>
    </Panel>
  )
}

function ColumnSelect(props: { field: ImportField; headers: string[]; value: string | null; recognised: boolean; onChange: (value: string | null) => void }) {
  const id = useId()
  const info = IMPORT_FIELD_INFO[props.field]
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="flex flex-wrap items-center gap-2 text-sm font-semibold text-cocoa-800">
        {info.label}
        {props.recognised && <Badge tone="good">Recognised</Badge>}
      </label>
      <select
        id={id}
        className="field-input"
        value={props.value ?? ''}
        aria-describedby={`${id}-hint`}
        onChange={(event) => props.onChange(event.target.value === '' ? null : event.target.value)}
      >
        <option value="">Not in the file</option>
        {props.headers.map((header, i) =>
          header ? (
            <option key={`${i}-${header}`} value={header}>
              {header}
            </option>
          ) : null,
        )}
      </select>
      <p id={`${id}-hint`} className="text-sm text-cocoa-600">
        {info.hint}
      </p>
    </div>
  )
}
