/**
 * Questions each answered yes or no, one fieldset each (the health questions, docs/product.md §4.15): the same
 * questions in the same words wherever they are asked, online by the customer or at the desk with them.
 */
export function YesNoQuestions({
  questions,
  answers,
  onChange,
  name = (id) => id,
}: {
  questions: readonly { id: string; text: string }[]
  answers: Record<string, boolean>
  onChange: (id: string, value: boolean) => void
  /** The radio group's name for a question: distinct when two sets of questions share a page. */
  name?: (id: string) => string
}) {
  return (
    <>
      {questions.map((q) => (
        <fieldset key={q.id} className="flex flex-col gap-2 rounded-xl border border-cocoa-200 bg-white p-4">
          <legend className="px-1 font-semibold text-cocoa-900">{q.text}</legend>
          <div className="flex gap-6">
            {[true, false].map((value) => (
              <label key={String(value)} className="flex min-h-10 cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name={name(q.id)}
                  checked={answers[q.id] === value}
                  onChange={() => onChange(q.id, value)}
                  className="size-5 accent-brand-teal"
                />
                {value ? 'Yes' : 'No'}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </>
  )
}

/** Whether every question has its yes or no. */
export const allAnswered = (questions: readonly { id: string }[], answers: Record<string, boolean>) => questions.every((q) => answers[q.id] !== undefined)
