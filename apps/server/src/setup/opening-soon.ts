/**
 * The page every visitor sees before the salon is set up (docs/product.md §11): plain, with nothing of any salon, and
 * nothing for search engines to keep. Its one style carries the page's nonce.
 */
export function openingSoonPage(nonce: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Opening soon</title>
<style nonce="${nonce}">
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#fbf6f0;color:#3b2416;font:17px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:32rem;padding:2rem 1.5rem;text-align:center}
h1{font-size:2rem;line-height:1.2;margin:0 0 .75rem}
p{margin:0 0 1rem;color:#6b4a36}
.sun{width:64px;height:64px;margin:0 auto 1.25rem;border-radius:50%;background:radial-gradient(circle,#f6b454 55%,#f6d9a8 56%)}
</style>
</head>
<body>
<main>
<div class="sun" aria-hidden="true"></div>
<h1>Opening soon</h1>
<p>This tanning salon's website is being set up. Please come back soon to see our sunbeds and prices and to book.</p>
</main>
</body>
</html>
`
}
