import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createSmtpEmailSender } from './smtp.ts'

interface Received {
  from: string | undefined
  to: string[]
  data: string
}

async function startServer(options: SMTPServerOptions): Promise<{ server: SMTPServer; url: string }> {
  const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, ...options })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return { server, url: `smtp://127.0.0.1:${port}` }
}

function stopServer(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()))
}

describe('SMTP email sender', () => {
  const received: Received[] = []
  let server: SMTPServer
  let url: string

  beforeAll(async () => {
    ;({ server, url } = await startServer({
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const { mailFrom, rcptTo } = session.envelope
          received.push({
            from: mailFrom ? mailFrom.address : undefined,
            to: rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    }))
  })

  afterAll(async () => {
    await stopServer(server)
  })

  it('delivers a plain-text message with envelope, subject and reply-to', async () => {
    const sender = createSmtpEmailSender({ url, from: 'Glow Tanning <bookings@glow.example.co.uk>' })
    try {
      expect(sender.kind).toBe('smtp')
      await sender.send({
        to: 'customer@example.com',
        subject: 'Your sunbed booking',
        text: 'See you on Saturday at 10:00.',
        replyTo: 'salon@glow.example.co.uk',
      })
    } finally {
      sender.close()
    }

    expect(received).toHaveLength(1)
    const mail = received[0] ?? { from: undefined, to: [], data: '' }
    expect(mail.from).toBe('bookings@glow.example.co.uk')
    expect(mail.to).toEqual(['customer@example.com'])
    expect(mail.data).toMatch(/^Subject: Your sunbed booking\r?$/m)
    expect(mail.data).toMatch(/^Reply-To: salon@glow\.example\.co\.uk\r?$/m)
    expect(mail.data).toMatch(/^Content-Type: text\/plain/m)
    expect(mail.data).toContain('See you on Saturday at 10:00.')
  })

  it('rejects when the server refuses the recipient', async () => {
    const refusing = await startServer({
      onRcptTo(_address, _session, callback) {
        callback(new Error('Mailbox unavailable'))
      },
    })
    const sender = createSmtpEmailSender({ url: refusing.url, from: 'bookings@glow.example.co.uk' })
    try {
      await expect(sender.send({ to: 'nobody@example.com', subject: 'Hello', text: 'Hi' })).rejects.toThrow(/Mailbox unavailable/)
    } finally {
      sender.close()
      await stopServer(refusing.server)
    }
  })
})
