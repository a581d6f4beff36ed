/**
 * Where a picture the salon shows may come from (a blog post's cover, a sunbed's picture): one it uploaded
 * (/uploads/{shop}/{id}.{jpg|png|webp}), one of the site's own pictures (/images/…), or an https address. Anything
 * else is refused: a protocol-relative address (//elsewhere) loads another site's content under the salon's page, a
 * site path outside /images/ (say /api/staff/me) makes every visitor's browser call it, and a dot segment or an
 * escape walks out of /images/.
 */
export const PICTURE_ADDRESS_MESSAGE = 'must be the address of a picture: an upload (/uploads/…), one of the site’s pictures (/images/…) or https://…'
export const PICTURE_ADDRESS_MAX_LENGTH = 500

const UPLOAD = /^\/uploads\/[A-Za-z0-9_-]{1,100}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/
// Path segments of letters, digits, dots, dashes and underscores, none starting with a dot: no "..", no "%2e".
const SITE_PICTURE = /^\/images(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/
const HTTPS = /^https:\/\/[^\s"'<>\\`]+$/

function isHttpsPicture(address: string): boolean {
  if (!HTTPS.test(address)) return false
  try {
    const url = new URL(address)
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === ''
  } catch {
    return false
  }
}

/** Whether an address is one a picture may be shown from. */
export function isPictureAddress(address: string): boolean {
  if (address.length === 0 || address.length > PICTURE_ADDRESS_MAX_LENGTH) return false
  return UPLOAD.test(address) || SITE_PICTURE.test(address) || isHttpsPicture(address)
}
