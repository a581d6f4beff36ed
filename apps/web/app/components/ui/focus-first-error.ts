/** After a refused submit, puts the keyboard (and screen reader) on the first field that needs attention. */
export function focusFirstError(form: HTMLFormElement | null) {
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
  field?.focus()
  field?.scrollIntoView?.({ block: 'center' })
}
