/** The account's remembered devices through Amplify, loaded when the account page lists them (see amplify.ts). */
import { fetchDevices as amplifyFetchDevices, forgetDevice as amplifyForgetDevice } from 'aws-amplify/auth'

export const fetchDevices = () => amplifyFetchDevices()

/** Without an id, this browser's own device. */
export const forgetDevice = (id?: string) => amplifyForgetDevice(id ? { device: { id } } : undefined)
