/**
 * The site's pictures are drawn as SVG (public/images). This makes what browsers and link previews are better given:
 *
 * - WebP copies at the widths of PICTURE_WIDTHS (public/images/raster/…-400.webp and so on), which the pages offer
 *   with srcset and sizes (apps/web/app/lib/pictures.ts): a phone decodes a picture the size it shows, off the page's
 *   main thread, where an SVG is drawn on it (docs/speed.md);
 * - the JPEG copies, 1200×630, that the pages name in og:image (link previews do not show SVG):
 *   public/images/share/salon.jpg from the home page's hero, and one per blog cover.
 *
 * Run it after adding or changing a picture: `npm run pictures` (it drives Debian's Chromium, /usr/bin/chromium).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { PICTURE_WIDTHS, rasterPath } from '../apps/web/app/lib/pictures.ts'

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public')
const images = path.join(publicDir, 'images')
const svgsIn = (folder: string) =>
  readdirSync(path.join(images, folder))
    .filter((file) => file.endsWith('.svg'))
    .map((file) => `/images/${folder}/${file}`)
const pictures = ['/images/hero.svg', ...svgsIn('beds'), ...svgsIn('blog')]
const shares = [
  { from: '/images/hero.svg', to: 'share/salon.jpg' },
  ...svgsIn('blog').map((from) => ({ from, to: `share/blog/${path.basename(from, '.svg')}.jpg` })),
]

const dataUrl = (address: string) => `data:image/svg+xml;base64,${readFileSync(path.join(publicDir, address)).toString('base64')}`
const write = (file: string, bytes: Buffer) => {
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, bytes)
  process.stdout.write(`${path.relative(process.cwd(), file)} ${bytes.length} bytes\n`)
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' })
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })

for (const address of pictures) {
  for (const width of PICTURE_WIDTHS) {
    // Drawn at the width asked, its height by the picture's own proportions, then encoded as WebP.
    const encoded = await page.evaluate(
      async ({ src, width }) => {
        const img = new Image()
        img.src = src
        await img.decode()
        const canvas = document.createElement('canvas')
        canvas.width = width
        canvas.height = Math.round((width * img.naturalHeight) / img.naturalWidth)
        canvas.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height)
        return canvas.toDataURL('image/webp', 0.8)
      },
      { src: dataUrl(address), width },
    )
    write(path.join(publicDir, rasterPath(address, width)!), Buffer.from(encoded.slice(encoded.indexOf(',') + 1), 'base64'))
  }
}

for (const share of shares) {
  await page.setContent(
    `<body style="margin:0;background:#2a170d"><img src="${dataUrl(share.from)}" style="display:block;width:1200px;height:630px;object-fit:cover"></body>`,
  )
  await page.locator('img').evaluate((img: HTMLImageElement) => img.decode())
  write(path.join(images, share.to), await page.screenshot({ type: 'jpeg', quality: 85 }))
}
await browser.close()
