/**
 * Asks `read` again until `done` holds of its answer, for at most `timeoutMs`, and gives the last answer (the
 * caller's expectation then fails on it). For what reaches the app a moment after it happens, such as a change
 * announced by the database's notifications; never a fixed wait.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
