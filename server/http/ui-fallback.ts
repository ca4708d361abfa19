/** The page `/` shows before the renderer is built: where the API is and how to build the UI. */
export function uiFallbackPage(version: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Siteloupe</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#222}
code{background:#f3f3f3;padding:.1rem .3rem;border-radius:3px}</style></head>
<body><h1>Siteloupe ${version.replace(/[^0-9A-Za-z.+-]/g, '')}</h1>
<p>The server is running. The interface has not been built in this checkout; the API is ready.</p>
<p>API description: <a href="/openapi.json">/openapi.json</a> · health: <a href="/health">/health</a></p>
</body></html>`;
}
