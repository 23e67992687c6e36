/** How soon clients may try again, in seconds (the database is probed every second). */
export const RETRY_AFTER_SECONDS = 30;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The page visitors see while the database is unreachable (docs/decisions/120-database-outage.md),
 * sent by server/database-outage.ts and by the renderer (app/entry.server.tsx). Self-contained: no
 * script, no stylesheet from the build, nothing that needs the database.
 */
export function outagePage(orgName: string): string {
  const name = escapeHtml(orgName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>We will be right back | ${name}</title>
<style>
body{font-family:system-ui,sans-serif;line-height:1.6;margin:0;color:#1a1a1a;background:#fff}
main{max-width:36rem;margin:0 auto;padding:6rem 1.5rem;text-align:center}
h1{font-size:1.9rem;margin:0 0 1rem}
@media (prefers-color-scheme:dark){body{color:#f2f2f2;background:#121212}}
</style>
</head>
<body>
<main>
<h1>We will be right back</h1>
<p>${name}'s website is having a short technical problem. Nothing you sent us has been lost. Please try again in a few minutes.</p>
<p lang="es">Nuestro sitio tiene un breve problema técnico. Por favor, inténtelo de nuevo en unos minutos.</p>
</main>
</body>
</html>
`;
}
