import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { NoticeLine, useFormAction, type Notice } from './staff-form.tsx'
import { Empty, Panel, useConfirm } from './staff-ui.tsx'

/** Switching an item off (withdrawn, switched off) after a question, and on again at once. */
export interface ItemSwitch {
  /** Whether it is on now (on sale, active). */
  isOn: boolean
  /** The call that switches it on (true) or off (false). */
  set: (on: boolean) => Promise<unknown>
  /** Switching it off: its button, the question before it, and what is said once it is done. */
  off: { label: string; title: string; message: ReactNode; confirmLabel: string; done: string }
  /** Switching it on: its button and what is said once it is done. */
  on: { label: string; done: string }
}

interface EditInPlace<T> {
  /** The form that makes an item (null) or changes one, in place of the new button or the item; `onDone(said)` closes it. */
  form: (item: T | null, onDone: (said?: string) => void) => ReactNode
  /** The accessible name of an item's Edit button ("Edit Course of 60"). */
  editLabel: (item: T) => string
  /** Its on/off button, if it has one (an item that cannot be switched on again has none once off). */
  itemSwitch?: (item: T) => ItemSwitch | undefined
}

interface ListEditPanelProps<T> {
  id: string
  title: string
  description: ReactNode
  /** The new item's button or link ("+ New package"). */
  newLabel: string
  /** What the panel says while there is none. */
  empty: ReactNode
  items: readonly T[]
  keyOf: (item: T) => string
  /** An item as listed: a row with its Edit and on/off buttons beside it, or (items edited on their own page) the whole row. */
  children: (item: T) => ReactNode
  /** Items edited in this panel: the form, and each row's buttons. */
  editInPlace?: EditInPlace<T>
  /** Items edited on their own page: the new one's address. */
  newHref?: string
  listClassName?: string
}

/**
 * A Manage page's list of things the owner makes and changes (packages, promo codes, blog posts): the section with its
 * New button, the list or what to do while it is empty, and either the form in place of the item being edited, with
 * its outcome under the list once closed, or a link from each item to its own editor.
 */
export function ListEditPanel<T>({
  id,
  title,
  description,
  newLabel,
  empty,
  items,
  keyOf,
  children,
  editInPlace,
  newHref,
  listClassName = 'flex flex-col gap-3',
}: ListEditPanelProps<T>) {
  const [editing, setEditing] = useState<string | null>(null)
  const [saved, setSaved] = useState<Notice | null>(null)
  const action = useFormAction()
  const confirm = useConfirm()
  const edit = (key: string | null) => {
    setSaved(null)
    action.clear()
    setEditing(key)
  }
  const done = (said?: string) => {
    setEditing(null)
    if (said) setSaved({ kind: 'success', text: said })
  }
  const newButton = newHref ? (
    <Link to={newHref} className="btn-teal">
      {newLabel}
    </Link>
  ) : (
    editing !== 'new' && (
      <button type="button" className="btn-teal" onClick={() => edit('new')}>
        {newLabel}
      </button>
    )
  )
  const notice = action.notice ?? saved

  return (
    <Panel variant="section" id={id} title={title} description={description} actions={newButton}>
      {editing === 'new' && editInPlace?.form(null, done)}
      {items.length === 0 && editing !== 'new' ? (
        <Empty>{empty}</Empty>
      ) : (
        <ul className={listClassName}>
          {items.map((item) => {
            const key = keyOf(item)
            if (!editInPlace) return <li key={key}>{children(item)}</li>
            if (editing === key) return <li key={key}>{editInPlace.form(item, done)}</li>
            return (
              <ItemRow
                key={key}
                editLabel={editInPlace.editLabel(item)}
                onEdit={() => edit(key)}
                itemSwitch={editInPlace.itemSwitch?.(item)}
                busy={action.pending}
                set={(change, on) => action.run(() => change.set(on), on ? change.on.done : change.off.done)}
                ask={confirm.ask}
              >
                {children(item)}
              </ItemRow>
            )
          })}
        </ul>
      )}
      {!editing && notice && (
        <div className="mt-4">
          <NoticeLine notice={notice} />
        </div>
      )}
      {editInPlace && confirm.element}
    </Panel>
  )
}

interface ItemRowProps {
  children: ReactNode
  editLabel: string
  onEdit: () => void
  itemSwitch: ItemSwitch | undefined
  busy: boolean
  set: (itemSwitch: ItemSwitch, on: boolean) => Promise<unknown>
  ask: ReturnType<typeof useConfirm>['ask']
}

/** An item edited in place, as listed: what it is, then its Edit button and its on/off button (off asks first). */
function ItemRow({ children, editLabel, onEdit, itemSwitch, busy, set, ask }: ItemRowProps) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-cocoa-100 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">{children}</div>
      <div className="flex shrink-0 gap-2">
        <button type="button" className="btn-outline" onClick={onEdit} aria-label={editLabel}>
          Edit
        </button>
        {itemSwitch &&
          (itemSwitch.isOn ? (
            <button
              type="button"
              className="btn-outline text-red-700"
              disabled={busy}
              onClick={() => {
                const { title, message, confirmLabel } = itemSwitch.off
                ask({ title, message, confirmLabel, onConfirm: () => set(itemSwitch, false) })
              }}
            >
              {itemSwitch.off.label}
            </button>
          ) : (
            <button type="button" className="btn-outline" disabled={busy} onClick={() => void set(itemSwitch, true)}>
              {itemSwitch.on.label}
            </button>
          ))}
      </div>
    </li>
  )
}
