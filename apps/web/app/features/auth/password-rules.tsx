import { PASSWORD_RULES } from './password-validation.ts'

/** docs/product.md §5 password rules, ticked off as the customer types. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  return (
    <div id={id} className="text-sm text-cocoa-700">
      <p>Your password needs:</p>
      <ul className="mt-1 grid gap-x-4 gap-y-0.5 sm:grid-cols-2">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password)
          return (
            <li key={rule.id} className={`flex items-center gap-2 ${met ? 'text-brand-teal-dark' : ''}`}>
              <span aria-hidden="true" className="inline-flex size-4 items-center justify-center">
                {met ? (
                  <svg viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                    <path d="M3 8.5l3 3 7-7" />
                  </svg>
                ) : (
                  <span className="size-1.5 rounded-full bg-cocoa-500" />
                )}
              </span>
              {rule.label}
              <span className="sr-only">{met ? ' (done)' : ''}</span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
