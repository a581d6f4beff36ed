/**
 * Whether this browser's visitor has given the salon their marketing choice, so that the home page's offer popup
 * does not ask them: they have seen or answered the offer, or they have an account (they chose at sign-up, and
 * change it in their account). The key is the one the popup has always used, so whoever saw it is not asked again.
 */
const KEY = 'offer-popup-seen'

/** The browser's local storage, or null where it is switched off; tests pass their own. */
const local = (): Pick<Storage, 'getItem' | 'setItem'> | null => {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

export function marketingChoiceKnown(storage = local()): boolean {
  try {
    return Boolean(storage?.getItem(KEY))
  } catch {
    return false
  }
}

/** A write that storage refuses (full, switched off) is dropped: the visitor may then be asked once more. */
export function rememberMarketingChoice(storage = local(), now = new Date()): void {
  try {
    storage?.setItem(KEY, now.toISOString())
  } catch {
    // Full or switched off.
  }
}
