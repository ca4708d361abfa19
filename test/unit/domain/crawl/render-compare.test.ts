/**
 * The raw HTML against the rendered DOM (server/domain/crawl/render-compare.ts): each field JavaScript changes is
 * named once; text compares with its whitespace collapsed; robots directives compare as the sets that apply
 * (defaults and spelling aside); only internal links count; most of the main text only after rendering is
 * "content" from the stated minimum on; blocked files are those robots.txt disallows, not those of a robots.txt
 * that could not be read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONSOLE_PROBE, type ConsoleObservation } from '../../../../server/adapters/render-probe-console.js';
import {
  compareRender,
  effectiveDirectives,
  renderJudge,
  type RenderJudge,
} from '../../../../server/domain/crawl/render-compare.js';
import type { RobotsCache } from '../../../../server/domain/crawl/robots-cache.js';
import { DISALLOW_ALL, robotsFromResponse } from '../../../../server/domain/crawl/robots-rules.js';
import { extractRawPage } from '../../../../server/domain/crawl/page-extraction.js';
import type { PageContext, PageRecord } from '../../../../server/domain/crawl/page-builder.js';
import { JS_CONTENT_MIN_WORDS } from '../../../../server/schemas/page-render.js';

const ctx: PageContext = {
  id: 3,
  siteId: 1,
  url: 'https://shop.test/kettle/',
  depth: 1,
  followLinks: true,
  queryParams: 'strip_tracking',
  now: '2026-01-01T00:00:00.000Z',
};

function record(html: string, headers: Record<string, string> = {}): PageRecord {
  const body = Buffer.from(html);
  return extractRawPage({
    ctx,
    res: {
      url: ctx.url,
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
      body,
      bytes: body.length,
      truncated: false,
      responseMs: 3,
    },
  }).record;
}

const page = (o: { head?: string; body?: string; words?: number } = {}) =>
  `<!doctype html><html><head><title>Kettle</title>${o.head ?? ''}</head><body><nav><a href="/">Home</a></nav>
<main><h1>Kettle</h1><p>${'Pour slowly and evenly. '.repeat(Math.ceil((o.words ?? 80) / 4))}</p>${o.body ?? ''}</main></body></html>`;

const judge: RenderJudge = {
  isInternal: (u) => new URL(u).host === 'shop.test',
  disallowed: async (u) => new URL(u).pathname.startsWith('/private/'),
};

describe('compareRender', () => {
  it('names nothing when the render changed nothing but whitespace', async () => {
    const raw = record(page());
    const rendered = record(page().replace('<title>Kettle</title>', '<title>\n  Kettle </title>'));
    const out = await compareRender(raw, rendered, {}, judge);
    assert.deepEqual(out.changed, []);
    assert.equal(out.raw_word_count, rendered.page.word_count);
  });

  it('names each changed field, with the raw values kept', async () => {
    const raw = record(page({ head: '<meta name="robots" content="noindex, follow">' }));
    const rendered = record(
      page({
        head: '<meta name="description" content="A kettle"><link rel="canonical" href="/kettle/">',
      }).replace('<title>Kettle</title>', '<title>Gooseneck kettle</title>'),
    );
    const out = await compareRender(raw, rendered, {}, judge);
    assert.deepEqual(out.changed, ['title', 'description', 'canonical', 'robots']);
    assert.deepEqual([out.raw_title, out.raw_description, out.raw_canonical], ['Kettle', null, null]);
    assert.deepEqual([out.raw_robots, out.rendered_robots], [['noindex'], []]);
  });

  it('reads robots directives as the set that applies', () => {
    assert.deepEqual(effectiveDirectives('INDEX, Follow', null), []);
    assert.deepEqual(effectiveDirectives('none', null), ['nofollow', 'noindex']);
    assert.deepEqual(effectiveDirectives('nofollow', 'noindex'), ['nofollow', 'noindex']);
    assert.deepEqual(effectiveDirectives('googlebot: noindex', null), [], 'another bot’s directive');
  });

  it('counts only internal links, and lists those only the rendered DOM has', async () => {
    const raw = record(page({ body: '<a href="/cups/">Cups</a>' }));
    const rendered = record(
      page({
        body: '<a href="/cups/">Cups</a><a href="/grinder/">Grinder</a><a href="https://other.test/x">Elsewhere</a><a href="#top">Top</a>',
      }),
    );
    const out = await compareRender(raw, rendered, {}, judge);
    assert.deepEqual(out.changed, ['links']);
    assert.deepEqual(out.links_only_rendered, ['https://shop.test/grinder/']);
    assert.deepEqual([out.raw_links, out.rendered_links], [2, 3]);
  });

  it('calls most of the main text drawn by script "content", from the minimum on', async () => {
    const shell = record(page({ words: 4 }));
    const full = await compareRender(shell, record(page({ words: 200 })), {}, judge);
    assert.deepEqual(full.changed, ['content']);
    const half = await compareRender(record(page({ words: 120 })), record(page({ words: 200 })), {}, judge);
    assert.deepEqual(half.changed, [], 'the raw HTML has more than half of it');
    const short = record(page({ words: JS_CONTENT_MIN_WORDS - 20 }));
    assert.deepEqual((await compareRender(shell, short, {}, judge)).changed, [], 'too short to judge');
  });

  it('lists what the page asked for that robots.txt disallows, with the probe’s errors', async () => {
    const observed: ConsoleObservation = {
      errors: [{ kind: 'uncaught', text: 'TypeError: x is undefined', source: null }],
      error_count: 3,
      requested: [
        { url: 'https://shop.test/static/app.js', kind: 'script' },
        { url: 'https://shop.test/private/locator.css', kind: 'stylesheet' },
      ],
    };
    const out = await compareRender(record(page()), record(page()), { [CONSOLE_PROBE]: observed }, judge);
    assert.deepEqual(out.blocked_resources, [
      { url: 'https://shop.test/private/locator.css', kind: 'stylesheet' },
    ]);
    assert.equal(out.blocked_count, 1);
    assert.equal(out.console_error_count, 3);
    assert.deepEqual(out.console_errors, observed.errors);
  });

  it('judges with the robots.txt of the file’s host, and never by one that could not be read', async () => {
    const read = robotsFromResponse(
      'https://shop.test/robots.txt',
      { status: 200, body: 'User-agent: *\nDisallow: /private/\n' },
      'Mozilla/5.0 (compatible; Siteloupe/0.1)',
    );
    const cache = (rules: typeof read) => ({ rulesFor: async () => rules }) as unknown as RobotsCache;
    const j = renderJudge((u) => new URL(u).host === 'shop.test', {
      internal: cache(read),
      external: cache(DISALLOW_ALL),
    });
    assert.equal(await j.disallowed('https://shop.test/private/a.js'), true);
    assert.equal(await j.disallowed('https://shop.test/static/a.js'), false);
    assert.equal(await j.disallowed('https://cdn.test/private/a.js'), false, 'unreadable robots.txt');
  });
});
