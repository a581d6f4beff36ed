import type { SalonResponse } from '@salon/contracts/shop'

interface MatchLike {
  id: string
  loaderData?: unknown
}

/** "Prices · Bronze & Glow Tanning Studio", with the salon's name from the layout's data. */
export function pageMeta(matches: readonly (MatchLike | undefined)[], title: string | null, description?: string) {
  const salon = matches.find((m) => m?.id === 'routes/layout')?.loaderData as { salon?: SalonResponse } | undefined
  const name = salon?.salon?.shop.name ?? 'Tanning salon'
  const tags: Record<string, string>[] = [{ title: title ? `${title} · ${name}` : name }]
  if (description) tags.push({ name: 'description', content: description }, { property: 'og:description', content: description })
  tags.push({ property: 'og:title', content: title ?? name }, { property: 'og:site_name', content: name })
  return tags
}
