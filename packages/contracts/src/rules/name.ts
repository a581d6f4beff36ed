/** The longest first or last name taken, counted after trimming. */
export const NAME_MAX_LENGTH = 100

/** Whether a (trimmed) first or last name is short enough. Whether a name is required is each form's business. */
export const isNameWithinLimit = (name: string) => name.length <= NAME_MAX_LENGTH
