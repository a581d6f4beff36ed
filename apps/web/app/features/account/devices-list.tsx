import { useCallback, useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { useAlert } from '../../components/ui/alert.tsx'
import { Spinner } from '../../components/ui/spinner.tsx'
import { plainErrorMessage, useAuth, type DeviceEntry } from '../auth/public.ts'
import { deviceLabel } from './device-name.ts'

const lastUsedFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' })

type Devices = { status: 'loading' } | { status: 'ready'; devices: DeviceEntry[] } | { status: 'error'; message: string }

/** The devices signed in to the account (docs/product.md §3), newest use first; forgetting one signs it out at once. */
export function DevicesList() {
  const auth = useAuth()
  const alert = useAlert()
  const navigate = useNavigate()
  const [devices, setDevices] = useState<Devices>({ status: 'loading' })
  const [forgetting, setForgetting] = useState<string | null>(null)
  const { listDevices } = auth

  const load = useCallback(async () => {
    try {
      const list = await listDevices()
      list.sort((a, b) => Number(b.current) - Number(a.current) || (b.lastUsed?.getTime() ?? 0) - (a.lastUsed?.getTime() ?? 0))
      setDevices({ status: 'ready', devices: list })
    } catch (error) {
      setDevices({ status: 'error', message: plainErrorMessage(error) })
    }
  }, [listDevices])

  useEffect(() => {
    void load()
  }, [load])

  async function forget(device: DeviceEntry) {
    setForgetting(device.id)
    try {
      await auth.forgetDevice(device)
      if (device.current) {
        await navigate('/sign-in/')
        return
      }
      alert.show({ kind: 'success', title: 'Device signed out', message: `${deviceLabel(device.name)} has been signed out and forgotten.` })
      await load()
    } catch (error) {
      alert.show({ kind: 'error', message: plainErrorMessage(error) })
    } finally {
      setForgetting(null)
    }
  }

  return (
    <section aria-labelledby="devices-title" className="card flex flex-col gap-4 p-5 sm:p-6">
      <h2 id="devices-title" className="text-2xl font-semibold">
        Your devices
      </h2>
      <p className="text-cocoa-700">Where your account is signed in. Forget a device you do not recognise or no longer use, and it is signed out at once.</p>
      {devices.status === 'loading' && (
        <p className="flex items-center gap-2 text-cocoa-700" aria-live="polite">
          <Spinner label="Loading your devices" /> Loading your devices…
        </p>
      )}
      {devices.status === 'error' && (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>{devices.message}</p>
          <button type="button" className="btn-outline" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {devices.status === 'ready' &&
        (devices.devices.length === 0 ? (
          <p className="text-cocoa-700">No devices are remembered for your account.</p>
        ) : (
          <ul aria-label="Signed-in devices" className="flex flex-col divide-y divide-cocoa-100">
            {devices.devices.map((device) => {
              const label = deviceLabel(device.name)
              return (
                <li key={device.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex flex-col">
                    <span className="font-semibold text-cocoa-900">
                      {label}
                      {device.current && (
                        <span className="ml-2 inline-block rounded-full whitespace-nowrap bg-cocoa-100 px-2 py-0.5 text-sm font-semibold text-brand-teal-dark">
                          This device
                        </span>
                      )}
                    </span>
                    <span className="text-sm text-cocoa-700">{device.lastUsed ? `Last used ${lastUsedFormat.format(device.lastUsed)}` : 'Not used yet'}</span>
                  </div>
                  <button
                    type="button"
                    className="btn-outline shrink-0 self-start whitespace-nowrap sm:self-auto"
                    onClick={() => void forget(device)}
                    disabled={forgetting !== null}
                    aria-label={device.current ? 'Forget this device' : `Forget ${label}`}
                  >
                    {forgetting === device.id && <Spinner label="Signing the device out" />}
                    {device.current ? 'Forget this device' : 'Forget device'}
                  </button>
                </li>
              )
            })}
          </ul>
        ))}
      {alert.element}
    </section>
  )
}
