#!/usr/bin/env node
// Entry point of the `siteloupe` command. It runs the compiled server from dist/ (built by `npm install`
// through the `prepare` script, and again by `npm start`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/server/cli/index.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('siteloupe: dist/ is missing; run `npm run build` (npm install does it) first.\n');
  process.exit(1);
}
const { main } = await import(entry.href);
await main(process.argv);
