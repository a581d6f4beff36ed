import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PICTURE_WIDTHS, pictureSources, rasterPath } from './pictures.ts'

const publicDir = path.resolve(import.meta.dirname, '../../public')

describe("the site's pictures as a phone is given them", () => {
  it('offers the WebP copies of a site picture with their widths, and the one nearest the fallback width as src', () => {
    expect(pictureSources('/images/beds/bed-aurelia-x9.svg', '96px', 400)).toEqual({
      src: '/images/raster/beds/bed-aurelia-x9-400.webp',
      srcSet:
        '/images/raster/beds/bed-aurelia-x9-400.webp 400w, /images/raster/beds/bed-aurelia-x9-800.webp 800w, /images/raster/beds/bed-aurelia-x9-1200.webp 1200w',
      sizes: '96px',
    })
    expect(pictureSources('/images/hero.svg', '100vw').src).toBe('/images/raster/hero-800.webp')
  })

  it("leaves any other picture as it is: another site's, an owner's address, or a name that is not a plain file", () => {
    for (const src of ['https://cdn.example/cover.jpg', '/images/blog/cover.jpg', '/images/../secret.svg', '/images/other/x.svg', '//evil.example/a.svg']) {
      expect(pictureSources(src, '100vw')).toEqual({ src })
      expect(rasterPath(src, 400)).toBeNull()
    }
  })

  it('has every copy made for every SVG picture of the site (npm run pictures)', () => {
    const svgs = ['hero.svg', ...['beds', 'blog'].flatMap((folder) => readdirSync(path.join(publicDir, 'images', folder)).map((file) => `${folder}/${file}`))]
      .filter((file) => file.endsWith('.svg'))
      .map((file) => `/images/${file}`)
    expect(svgs.length).toBeGreaterThan(5)
    const missing = svgs.flatMap((svg) => PICTURE_WIDTHS.map((w) => rasterPath(svg, w)!)).filter((file) => !existsSync(path.join(publicDir, file)))
    expect(missing).toEqual([])
  })
})
