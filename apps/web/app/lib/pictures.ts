/**
 * The site's own pictures are SVG; each also has WebP copies at these widths (made by `npm run pictures`), which a
 * page offers with srcset and sizes, so a phone decodes a picture the size it shows (docs/speed.md).
 */
export const PICTURE_WIDTHS = [400, 800, 1200] as const

const SITE_PICTURE = /^\/images\/((?:beds\/|blog\/)?[\w-]+)\.svg$/

/** The WebP copy of one of the site's pictures at a width; null for any other picture (an address of the owner's). */
export function rasterPath(src: string, width: number): string | null {
  const name = SITE_PICTURE.exec(src)?.[1]
  return name ? `/images/raster/${name}-${width}.webp` : null
}

/**
 * What an <img> is given for a picture shown `sizes` wide: the WebP copies with their widths, the one nearest
 * `fallbackWidth` for a browser that reads no srcset; any other picture as it is.
 */
export function pictureSources(src: string, sizes: string, fallbackWidth: (typeof PICTURE_WIDTHS)[number] = 800) {
  if (!rasterPath(src, fallbackWidth)) return { src }
  return { src: rasterPath(src, fallbackWidth)!, srcSet: PICTURE_WIDTHS.map((w) => `${rasterPath(src, w)} ${w}w`).join(', '), sizes }
}
