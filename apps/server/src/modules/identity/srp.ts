import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The Secure Remote Password arithmetic of Cognito's USER_SRP_AUTH and DEVICE_SRP_AUTH flows, as its clients
 * (Amplify, amazon-cognito-identity-js) compute their half: the 3072-bit group of RFC 3526 with g = 2,
 * k = H(N | g), u = H(A | B), numbers hashed in the padded two's-complement hex of Java's BigInteger, and the
 * key taken from S by HKDF with the info "Caldera Derived Key".
 */

const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245' +
  'E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9' +
  'DE2BCBF6955817183995497CEA956AE515D2261898FA051015728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200CBBE117577A615D6C770988C0BAD946E208E24FA074E5AB31' +
  '43DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF'
export const N = BigInt(`0x${N_HEX}`)
export const g = 2n
/** The longest SRP_A we read: N is 768 hex digits, and a padded one may carry two more. */
export const MAX_SRP_A_LENGTH = 1024

/** Java's BigInteger.toByteArray() in hex: even length, with 00 in front when the top bit is set (values here are never negative). */
export function padHex(value: bigint): string {
  let hex = value.toString(16)
  if (hex.length % 2 === 1) hex = `0${hex}`
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')
const hashHex = (hex: string) => sha256Hex(Buffer.from(hex, 'hex'))

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n
  let b = base % modulus
  let e = exponent
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus
    e >>= 1n
    b = (b * b) % modulus
  }
  return result
}

const k = BigInt(`0x${hashHex(padHex(N) + padHex(g))}`)

/** x = H(salt | H(poolName | username ":" password)): what the verifier is g to the power of. */
function privateKey(poolName: string, username: string, password: string, saltHex: string): bigint {
  const inner = sha256Hex(`${poolName}${username}:${password}`)
  return BigInt(`0x${hashHex(padHex(BigInt(`0x${saltHex}`)) + inner)}`)
}

export interface Verifier {
  /** Hex, as SALT is sent. */
  salt: string
  /** g^x mod N in hex. */
  verifier: string
}

/**
 * A fresh salt and verifier for a password: the pool's name without its region, and the username the client
 * will be told as USER_ID_FOR_SRP (the sub).
 */
export function makeVerifier(poolName: string, username: string, password: string): Verifier {
  const salt = padHex(BigInt(`0x${randomBytes(16).toString('hex')}`))
  return { salt, verifier: padHex(modPow(g, privateKey(poolName, username, password, salt), N)) }
}

/** SRP_A as a client sends it, or null when it is not a number in hex or is 0 mod N (which would let anybody in). */
export function readSrpA(text: string): bigint | null {
  if (text.length === 0 || text.length > MAX_SRP_A_LENGTH || !/^[0-9a-f]+$/i.test(text)) return null
  const A = BigInt(`0x${text}`)
  return A % N === 0n ? null : A
}

export interface ServerChallenge {
  /** SRP_B, in hex as sent. */
  srpB: string
  /** The 16-byte key the client's PASSWORD_CLAIM_SIGNATURE is made with, if it knows the password. */
  key: Buffer
}

/**
 * The server's half: B = k·v + g^b, and the key both sides reach from S = (A·v^u)^b, worked out at once so
 * only the key needs keeping until the client answers.
 */
export function serverChallenge(A: bigint, verifierHex: string): ServerChallenge {
  const v = BigInt(`0x${verifierHex}`)
  for (;;) {
    const b = BigInt(`0x${randomBytes(32).toString('hex')}`) % N
    const B = (k * v + modPow(g, b, N)) % N
    if (B === 0n) continue
    const u = BigInt(`0x${hashHex(padHex(A) + padHex(B))}`)
    if (u === 0n) continue
    const S = modPow((A * modPow(v, u, N)) % N, b, N)
    return { srpB: B.toString(16), key: hkdf(Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex')) }
  }
}

/** HKDF-SHA256 with one block of output, cut to 16 bytes, as Cognito's clients derive the key. */
function hkdf(ikm: Buffer, salt: Buffer): Buffer {
  const prk = createHmac('sha256', salt).update(ikm).digest()
  return createHmac('sha256', prk)
    .update(Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]))
    .digest()
    .subarray(0, 16)
}

/** PASSWORD_CLAIM_SIGNATURE: HMAC-SHA256 over pool name (or device group), username (or device key), secret block and timestamp. */
export function claimSignature(key: Buffer, poolName: string, username: string, secretBlock: Buffer, timestamp: string): Buffer {
  return createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(poolName, 'utf8'), Buffer.from(username, 'utf8'), secretBlock, Buffer.from(timestamp, 'utf8')]))
    .digest()
}

export function signatureMatches(expected: Buffer, givenBase64: string): boolean {
  const given = Buffer.from(givenBase64, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const TIMESTAMP =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d) UTC (\d{4})$/

/** Cognito's TIMESTAMP, "ddd MMM d HH:mm:ss UTC yyyy" (the day not padded); null when it is not one, or names the wrong weekday. */
export function readTimestamp(text: string): number | null {
  const match = TIMESTAMP.exec(text)
  if (!match) return null
  const [, day, month, date, hours, minutes, seconds, year] = match
  const at = Date.UTC(Number(year), MONTHS.indexOf(month!), Number(date), Number(hours), Number(minutes), Number(seconds))
  const parsed = new Date(at)
  if (parsed.getUTCDate() !== Number(date) || DAYS[parsed.getUTCDay()] !== day) return null
  return at
}

/** The same form, for tests and clients of our own. */
export function formatTimestamp(at: number): string {
  const d = new Date(at)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`
}
