/**
 * Link previews (Open Graph, Twitter cards) do not show SVG: this makes the JPEG copies, 1200×630, that the pages
 * name in og:image — public/images/share/salon.jpg from the home page's hero, and one per blog cover. Run it after
 * adding or changing a picture: `npm run share-images` (it drives Debian's Chromium, /usr/bin/chromium).
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'

const images = path.resolve(import.meta.dirname, '../apps/web/public/images')
const jobs = [
  { from: path.join(images, 'hero.svg'), to: path.join(images, 'share/salon.jpg') },
  ...readdirSync(path.join(images, 'blog'))
    .filter((file) => file.endsWith('.svg'))
    .map((file) => ({ from: path.join(images, 'blog', file), to: path.join(images, 'share/blog', file.replace(/\.svg$/, '.jpg')) })),
]

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' })
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
for (const job of jobs) {
  const svg = readFileSync(job.from).toString('base64')
  await page.setContent(
    `<body style="margin:0;background:#2a170d"><img src="data:image/svg+xml;base64,${svg}" style="display:block;width:1200px;height:630px;object-fit:cover"></body>`,
  )
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode())
  mkdirSync(path.dirname(job.to), { recursive: true })
  await page.screenshot({ path: job.to, type: 'jpeg', quality: 85 })
  process.stdout.write(`${path.relative(process.cwd(), job.to)}\n`)
}
await browser.close()
