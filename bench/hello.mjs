// The yardstick: the same framework's hello-world route, served the same way as the salon server.
import process from 'node:process'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const app = new Hono()
app.get('/', (c) => c.text('Hello World!'))
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' })
