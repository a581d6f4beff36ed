import { Checkbox } from '../../components/ui/field.tsx'

/**
 * "For these sunbeds": a box for each of the salon's bed types, in a form of Manage (a package, a membership plan);
 * `value` holds the codes ticked.
 */
export function BedTypesField({
  bedTypes,
  value,
  onChange,
  error,
  className = '',
}: {
  bedTypes: readonly { code: string; name: string }[]
  value: string[]
  onChange: (codes: string[]) => void
  error?: string
  className?: string
}) {
  return (
    <fieldset className={`flex flex-col gap-2 ${className}`}>
      <legend className="text-sm font-semibold text-cocoa-800">For these sunbeds</legend>
      {bedTypes.map((t) => (
        <Checkbox
          key={t.code}
          label={t.name}
          checked={value.includes(t.code)}
          onChange={(e) => onChange(e.target.checked ? [...value, t.code] : value.filter((c) => c !== t.code))}
        />
      ))}
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
    </fieldset>
  )
}
