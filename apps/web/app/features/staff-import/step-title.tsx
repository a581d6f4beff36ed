import type { RefObject } from 'react'

/** A step's title in its panel's heading, which takes the focus when the step opens so a screen reader says where the owner is. */
export function StepTitle({ heading, number, title }: { heading: RefObject<HTMLElement | null>; number: number; title: string }) {
  return (
    <span ref={heading} tabIndex={-1} className="outline-none">
      {number}. {title}
    </span>
  )
}
