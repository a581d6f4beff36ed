import { csvText } from '@salon/contracts/rules/customer-import'
import type { ImportReport } from '@salon/contracts/staff-import'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { messageOf, Panel, useStaffAction } from '../staff/public.ts'
import { ColumnsStep } from './columns-step.tsx'
import { importCalls } from './import-calls.ts'
import { fileProblem, mappingToSend, thousands, type ColumnChoice } from './import-file.ts'
import { ImportReportView } from './report-view.tsx'
import { StepTitle } from './step-title.tsx'

/** The file chosen, as the page keeps it: its name and its text. */
interface ChosenFile {
  name: string
  csv: string
}

type Step =
  | { name: 'file' }
  | { name: 'columns'; file: ChosenFile; report: ImportReport; choice: ColumnChoice }
  | { name: 'check'; file: ChosenFile; report: ImportReport; choice: ColumnChoice }
  | { name: 'done'; file: ChosenFile; report: ImportReport }

const STEPS = [
  { name: 'file', label: 'Choose the file' },
  { name: 'columns', label: 'Match the columns' },
  { name: 'check', label: 'Check' },
  { name: 'done', label: 'Import' },
] as const

const PREVIEW = importCalls.preview
const IMPORT = importCalls.import

/**
 * docs/product.md §10.5 "Importing customers": the owner chooses the CSV file their previous system exported, matches
 * its columns to the salon's fields (the page suggests them from the headers), sees what would be imported and every
 * row refused and why (a dry run: nothing written), then imports.
 */
export function CustomerImport() {
  const [step, setStep] = useState<Step>({ name: 'file' })
  const [problem, setProblem] = useState<string | null>(null)
  const action = useStaffAction()
  const heading = useRef<HTMLElement>(null)
  const current = STEPS.findIndex((s) => s.name === step.name)

  // Each step's heading takes the focus, so a screen reader says where the owner is now.
  useEffect(() => {
    if (step.name !== 'file') heading.current?.focus()
  }, [step.name])

  async function send(call: typeof importCalls.preview, file: ChosenFile, choice?: ColumnChoice): Promise<ImportReport | undefined> {
    setProblem(null)
    try {
      return await action.run(() => call({ csv: file.csv, ...(choice ? { mapping: mappingToSend(choice) } : {}) }), {
        rethrow: true,
      })
    } catch (error) {
      setProblem(messageOf(error))
      return undefined
    }
  }

  async function choose(chosen: File) {
    const wrong = fileProblem(chosen)
    if (wrong) return setProblem(wrong)
    const file = { name: chosen.name, csv: csvText(new Uint8Array(await chosen.arrayBuffer())) }
    const report = await send(PREVIEW, file)
    if (report) setStep({ name: 'columns', file, report, choice: report.mapping })
  }

  return (
    <div className="flex flex-col gap-5">
      <ol className="grid grid-cols-4 gap-2" aria-label="Steps">
        {STEPS.map((s, i) => (
          <li key={s.name} aria-current={i === current ? 'step' : undefined} className="flex flex-col gap-1.5">
            <span className={`h-1.5 rounded-full ${i <= current ? 'bg-brand-teal' : 'bg-cocoa-100'}`} aria-hidden="true" />
            <span className={`text-xs font-semibold sm:text-sm ${i === current ? 'text-cocoa-950' : 'text-cocoa-600'}`}>
              <span className="sr-only">Step {i + 1}: </span>
              {s.label}
            </span>
          </li>
        ))}
      </ol>

      {problem && (
        <div role="alert" className="card flex items-start gap-3 border-red-200 bg-red-50 p-4 text-red-900 sm:p-5">
          <p className="flex-1 font-medium">{problem}</p>
          <button
            type="button"
            className="-my-1 rounded-full px-2 py-1 text-sm font-semibold underline-offset-2 hover:underline"
            onClick={() => setProblem(null)}
          >
            Close
          </button>
        </div>
      )}

      {step.name === 'file' && <FileStep busy={action.busy} onChoose={(file) => void choose(file)} />}

      {step.name === 'columns' && (
        <ColumnsStep
          heading={heading}
          fileName={step.file.name}
          report={step.report}
          choice={step.choice}
          busy={action.busy}
          onChange={(choice) => setStep({ ...step, choice })}
          onBack={() => {
            setProblem(null)
            setStep({ name: 'file' })
          }}
          onCheck={async () => {
            const report = await send(PREVIEW, step.file, step.choice)
            if (report) setStep({ name: 'check', file: step.file, report, choice: step.choice })
          }}
        />
      )}

      {step.name === 'check' && (
        <Panel title={<StepTitle heading={heading} number={3} title="Check before importing" />}>
          <div className="flex flex-col gap-5 p-4 sm:p-5">
            <p className="text-base text-cocoa-700">
              A dry run of <strong className="text-cocoa-950">{step.file.name}</strong>: nothing has been written yet.
            </p>
            <ImportReportView report={step.report} fileName={step.file.name} />
            <div className="flex flex-col-reverse gap-2 border-t border-cocoa-100 pt-4 sm:flex-row sm:justify-end">
              <button
                type="button"
                className="btn-outline"
                onClick={() => setStep({ name: 'columns', file: step.file, report: step.report, choice: step.choice })}
              >
                Change the columns
              </button>
              <ImportButton
                report={step.report}
                busy={action.busy}
                onImport={async () => {
                  const report = await send(IMPORT, step.file, step.choice)
                  if (report) setStep({ name: 'done', file: step.file, report })
                }}
              />
            </div>
          </div>
        </Panel>
      )}

      {step.name === 'done' && (
        <Panel title={<StepTitle heading={heading} number={4} title="Imported" />}>
          <div className="flex flex-col gap-5 p-4 sm:p-5">
            <ImportReportView report={step.report} fileName={step.file.name} />
            <div className="flex flex-col-reverse gap-2 border-t border-cocoa-100 pt-4 sm:flex-row sm:justify-end">
              <button type="button" className="btn-outline" onClick={() => setStep({ name: 'file' })}>
                Import another file
              </button>
              <Link to="/staff/customers/" className="btn-primary">
                Find a customer
              </Link>
            </div>
          </div>
        </Panel>
      )}
    </div>
  )
}

function ImportButton({ report, busy, onImport }: { report: ImportReport; busy: boolean; onImport: () => void }) {
  const people = report.counts.customers + report.counts.matched
  return (
    <button type="button" className="btn-primary" disabled={busy || people === 0} onClick={onImport}>
      {busy && <Spinner label="Importing" />}
      {people === 0 ? 'Nothing to import' : `Import ${thousands(people)} ${people === 1 ? 'customer' : 'customers'}`}
    </button>
  )
}

function FileStep({ busy, onChoose }: { busy: boolean; onChoose: (file: File) => void }) {
  return (
    <Panel title="1. Choose the file">
      <div className="flex flex-col gap-4 p-4 sm:p-5">
        <p className="text-base text-cocoa-700">
          Export your customers from your previous system, or save your spreadsheet, as a <strong className="text-cocoa-950">CSV file</strong>: a row of column
          names, then one row per customer. Each customer needs a name and a mobile number; minutes left, their expiry and an upcoming session can come too. The
          columns are matched by their names, and you can change them next.
        </p>
        <FieldsHelp />
        <label className={`btn-primary w-full cursor-pointer sm:w-auto sm:self-start ${busy ? 'pointer-events-none opacity-60' : ''}`}>
          {busy && <Spinner label="Reading the file" />}
          {busy ? 'Reading the file…' : 'Choose a CSV file'}
          <input
            type="file"
            accept=".csv,.txt,text/csv"
            className="sr-only"
            aria-label="CSV file of customers"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) onChoose(file)
            }}
          />
        </label>
        <p className="text-sm text-cocoa-600">Up to 10 MB (20,000 customers make about 2 MB). Nothing is written until you press Import.</p>
      </div>
    </Panel>
  )
}

function FieldsHelp() {
  return (
    <details className="rounded-xl border border-cocoa-100 bg-stone-50 px-4 py-3 text-sm text-cocoa-700">
      <summary className="cursor-pointer font-semibold text-cocoa-900">Which columns does the file need?</summary>
      <ul className="mt-3 flex list-disc flex-col gap-1 pl-5">
        <Help>First name and last name (or one name column), and the mobile number: required.</Help>
        <Help>Email, date of birth (31/12/1990 or 1990-12-31), skin type (1–6 or I–VI), a note.</Help>
        <Help>Consent to offers: yes or no, with the date it was given.</Help>
        <Help>Minutes left, the bed type they are for and the last day they can be used.</Help>
        <Help>An upcoming session: its date, time, sunbed (or bed type) and minutes. It is booked by the desk’s rules.</Help>
      </ul>
    </details>
  )
}

const Help = ({ children }: { children: ReactNode }) => <li>{children}</li>
