import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider'
import { expect, it } from 'vitest'
import { cognitoClient, failure, newPhone } from '../test/factories/customers.ts'
import { passwordSignInInput } from '../test/factories/sign-up.ts'
import { describeApi } from '../test/harness.ts'

const message = (name: string) => ({
  name,
  email: 'sophie@example.com',
  phone: '07700 900123',
  message: 'Do you have a stand-up bed free on Saturday morning?',
  consent: true,
})
const LIMITED = { type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.', status: 400 }

describeApi(
  'per-address limits count an IPv6 /64 as one address',
  (t) => {
    const send = (address: string, name = 'Sophie Turner') => t().api('p_message', { body: message(name), headers: { 'x-forwarded-for': address } })

    it('the contact form: addresses of one /64, however written, share its five messages; another /64 has its own', async () => {
      const sameNetwork = ['2001:db8:77:1::1', '2001:db8:77:1::2', '2001:0DB8:0077:0001:abcd:0:0:9', '2001:db8:77:1:ffff:ffff:ffff:ffff', '[2001:db8:77:1::5]']
      for (const address of sameNetwork) expect((await send(address)).status, address).toBe(201)
      const sixth = await send('2001:db8:77:1:1234:5678:9abc:def0')
      expect(sixth.status).toBe(429)
      expect(sixth.json.message).toEqual(expect.any(String))
      expect((await send('2001:db8:77:2::1')).status).toBe(201)
    })

    it('an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
      for (const address of ['198.51.100.40', '::ffff:198.51.100.40', '198.51.100.40', '::FFFF:c633:6428', '198.51.100.40']) {
        expect((await send(address)).status, address).toBe(201)
      }
      expect((await send('::ffff:198.51.100.40')).status).toBe(429)
      expect((await send('198.51.100.41')).status).toBe(201)
    })

    it('sign-ins at /cognito/ from addresses of one /64 share its hourly budget', async () => {
      let host = 0
      const sameNetwork = cognitoClient(t().app, { address: () => `2001:db8:88:1:${(++host).toString(16)}::${host}` })
      for (let i = 0; i < 3; i++)
        expect((await failure(sameNetwork.send(new InitiateAuthCommand(passwordSignInInput(newPhone().e164))))).type).not.toBe(LIMITED.type)
      expect(await failure(sameNetwork.send(new InitiateAuthCommand(passwordSignInInput(newPhone().e164))))).toEqual(LIMITED)
      const otherNetwork = cognitoClient(t().app, { address: () => '2001:db8:88:2::1' })
      expect((await failure(otherNetwork.send(new InitiateAuthCommand(passwordSignInInput(newPhone().e164))))).type).not.toBe(LIMITED.type)
    })
  },
  () => ({ trustProxy: true, identity: { signInsPerAddressPerHour: 3 } }),
)
