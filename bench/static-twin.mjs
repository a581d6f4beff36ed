// The static twin: plain node:http answering every request with the very bytes and headers the salon's server sent
// for one request (captured by bench/run.ts into the file TWIN_FILE names), so a page's speed can be compared with
// the cost of sending its bytes alone.
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'
import { Buffer } from 'node:buffer'
import process from 'node:process'

const { status, headers, body } = JSON.parse(readFileSync(process.env.TWIN_FILE, 'utf8'))
const flat = headers.flat()
const bytes = Buffer.from(body, 'base64')
createServer((req, res) => {
  res.writeHead(status, flat)
  res.end(bytes)
}).listen(Number(process.env.PORT), '127.0.0.1')
