import { CognitoError, cognitoErrors as E } from './cognito-error.ts'
import { DEVICE_PAGE_LIMIT, type ConfirmDeviceInput, type ListDevicesInput, type UpdateDeviceStatusInput, type WithDeviceInput } from './cognito.schemas.ts'
import type { DeviceRow } from './devices.repository.ts'
import type { IdentityRepository, UserRow } from './identity.repository.ts'
import { N } from './srp.ts'

interface DeviceOperationsDeps {
  repository: IdentityRepository
  /** The customer an access token stands for, after every revocation check, and the device its session was made on. */
  fromAccessToken: (token: string) => Promise<{ user: UserRow; deviceKey: string | null }>
  /** The group key the pool gave with a device key at sign-in. */
  groupKeyOf: (deviceKey: string) => string
  now: () => number
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000)
const missing = () => new CognitoError('ResourceNotFoundException', 'Device does not exist.')

/** A device as Cognito describes it (DeviceType): its name and remembered status among its attributes, dates in epoch seconds. */
function deviceType(device: DeviceRow) {
  return {
    DeviceKey: device.deviceKey,
    DeviceAttributes: [
      { Name: 'device_status', Value: 'valid' },
      { Name: 'device_name', Value: device.name },
      { Name: 'dev:device_remembered_status', Value: device.remembered ? 'remembered' : 'not_remembered' },
    ],
    DeviceCreateDate: seconds(device.createdAt),
    DeviceLastModifiedDate: seconds(device.updatedAt),
    DeviceLastAuthenticatedDate: seconds(device.lastAuthenticatedAt),
  }
}

/** ListDevices' PaginationToken: where the page ended, which the client hands back as it is. */
const paginationToken = (device: DeviceRow) => Buffer.from(JSON.stringify([device.createdAt.getTime(), device.deviceKey])).toString('base64url')
/** The dates a device can have been made on: after 1970 and before the year 10000, which every database and Date can hold. */
const LATEST_DEVICE_DATE = Date.UTC(10000, 0, 1) - 1
/** The device keys the pool gives (`region_uuid`): plain ASCII, so no NUL byte or broken text reaches the query. */
const DEVICE_KEY = /^[\w-]{1,20}_[0-9a-f-]{1,36}$/
/**
 * A token is only ever one this pool gave, so anything else, however it is wrong (not base64 or JSON, a date no
 * database can hold, a key with a NUL byte), is refused as Cognito refuses it, before it reaches the query.
 */
function readPaginationToken(token: string): { createdAt: Date; deviceKey: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 2) {
      const [at, deviceKey] = value as unknown[]
      const when = typeof at === 'number' && Number.isSafeInteger(at) && at >= 0 && at <= LATEST_DEVICE_DATE ? at : undefined
      if (when !== undefined && typeof deviceKey === 'string' && DEVICE_KEY.test(deviceKey)) return { createdAt: new Date(when), deviceKey }
    }
  } catch {
    // Not ours: refused below.
  }
  throw E.invalidParameter('Invalid PaginationToken.')
}

/** Reads a base64 number of DeviceSecretVerifierConfig as the hex SRP works in. */
const hexOf = (base64: string) => Buffer.from(base64, 'base64').toString('hex')

/** Cognito's device operations for the customer's own devices; another customer's device is answered as one that does not exist. */
export function createDeviceOperations(deps: DeviceOperationsDeps) {
  const { repository: repo } = deps

  async function ownDevice(input: WithDeviceInput) {
    const { user, deviceKey } = await deps.fromAccessToken(input.AccessToken)
    const device = await repo.findDevice(user.sub, input.DeviceKey)
    if (!device) throw missing()
    return { user, device, current: device.deviceKey === deviceKey }
  }

  return {
    /**
     * Keeps the device a sign-in was given (NewDeviceMetadata) with its SRP verifier. Only the session made on that
     * device may confirm it, once; the pool remembers confirmed devices (Cognito's "always remember").
     */
    async confirmDevice(input: ConfirmDeviceInput) {
      const { user, deviceKey } = await deps.fromAccessToken(input.AccessToken)
      if (deviceKey !== input.DeviceKey) throw missing()
      const salt = hexOf(input.DeviceSecretVerifierConfig.Salt)
      const verifier = hexOf(input.DeviceSecretVerifierConfig.PasswordVerifier)
      if (BigInt(`0x${verifier}`) % N === 0n) throw E.invalidParameter('PasswordVerifier is not a valid SRP verifier.')
      const at = new Date(deps.now())
      const confirmed = await repo.confirmDevice({
        deviceKey: input.DeviceKey,
        sub: user.sub,
        groupKey: deps.groupKeyOf(input.DeviceKey),
        name: input.DeviceName,
        srpSalt: salt,
        srpVerifier: verifier,
        remembered: true,
        createdAt: at,
        updatedAt: at,
        lastAuthenticatedAt: at,
      })
      if (!confirmed) throw E.invalidParameter('This device has been confirmed already.')
      return { UserConfirmationNecessary: false }
    },

    async getDevice(input: WithDeviceInput) {
      const { device } = await ownDevice(input)
      return { Device: deviceType(device) }
    },

    async listDevices(input: ListDevicesInput) {
      const { user } = await deps.fromAccessToken(input.AccessToken)
      const limit = input.Limit || DEVICE_PAGE_LIMIT
      const after = input.PaginationToken ? readPaginationToken(input.PaginationToken) : undefined
      // One more than the page, to know whether another follows.
      const rows = await repo.listDevices(user.sub, limit + 1, after)
      const page = rows.slice(0, limit)
      return { Devices: page.map(deviceType), ...(rows.length > limit ? { PaginationToken: paginationToken(page[page.length - 1]!) } : {}) }
    },

    async updateDeviceStatus(input: UpdateDeviceStatusInput) {
      const { user, device } = await ownDevice(input)
      if (!(await repo.setRemembered(user.sub, device.deviceKey, input.DeviceRememberedStatus === 'remembered', new Date(deps.now())))) throw missing()
      return {}
    },

    /** Forgets the device and signs it out at once: every session made on it is revoked with it. */
    async forgetDevice(input: WithDeviceInput) {
      const { user } = await deps.fromAccessToken(input.AccessToken)
      if (!(await repo.forgetDevice(user.sub, input.DeviceKey))) throw missing()
      return {}
    },
  }
}
