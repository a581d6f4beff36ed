/**
 * The outbox's token of the server the end-to-end tests start (playwright.config.ts sets OUTBOX_TOKEN to it): the
 * outbox opens only with it (docs/decisions/008-outbox-only-on-this-machine.md).
 */
export const OUTBOX_TOKEN = 'end-to-end-outbox-token-0123456789abcdefghij'

/** The outbox's JSON, with the token. */
export const OUTBOX_JSON = `/dev/outbox.json?token=${OUTBOX_TOKEN}`

/** The link the server's log shows: it opens the outbox page in a browser. */
export const OUTBOX_LINK = `/dev/outbox/?token=${OUTBOX_TOKEN}`
