/**
 * A device's name as a person reads it. Amplify names a browser's device by its user agent (or its client hints,
 * "Linux 6.5.0 Chromium 131…"); "Chrome on Android" says the same in three words. Names it cannot read are shown as they are.
 */
export function deviceLabel(name: string): string {
  const browser = [
    [/\bEdg(e|A|iOS)?\b/, 'Edge'],
    [/\b(OPR|Opera)\b/, 'Opera'],
    [/\bSamsungBrowser\b/, 'Samsung Internet'],
    [/\b(Firefox|FxiOS)\b/, 'Firefox'],
    [/\b(Chrome|Chromium|CriOS|HeadlessChrome)\b/, 'Chrome'],
    [/\bSafari\b/, 'Safari'],
  ].find(([pattern]) => (pattern as RegExp).test(name))?.[1]
  const system = [
    [/\bAndroid\b/, 'Android'],
    [/\biPhone\b/, 'iPhone'],
    [/\biPad\b/, 'iPad'],
    [/\b(Windows|Win32|Win64)\b/, 'Windows'],
    [/\b(Macintosh|Mac OS X|macOS)\b/, 'Mac'],
    [/\bCrOS\b|Chrome OS/, 'Chromebook'],
    [/\bLinux\b/, 'Linux'],
  ].find(([pattern]) => (pattern as RegExp).test(name))?.[1]
  if (browser && system) return `${browser} on ${system}`
  const trimmed = name.trim()
  if (!trimmed) return 'Unnamed device'
  return trimmed.length > 60 ? `${trimmed.slice(0, 57)}…` : trimmed
}
