/**
 * The rendered audit's checks — JavaScript: raw HTML against the rendered DOM (#36 §1). They read `page_renders`
 * (migration 35), which a crawl that renders (`render_js: on`, or `auto` for the pages it renders) writes for each
 * rendered page; what changed is decided once, as the page is written (domain/crawl/render-compare.ts). Pages not
 * rendered are never listed. The SQL is in store/views/audit-sql-js.ts, the evidence shapes in
 * audit-evidence-js.ts.
 *
 * Severity follows what Google does with the difference: it reads the raw HTML first and renders later (or, for a
 * raw noindex, never), so a JavaScript-only noindex change is an issue of high priority, a canonical that changes
 * is an issue, and a title, description or heading set by script is a warning (Google usually sees the rendered
 * one, other crawlers and link previews do not).
 */
import { check } from './audit-check-def.js';
import { JS_CONTENT_MIN_WORDS, JS_CONTENT_RAW_SHARE } from './page-render.js';

const changed = (what: string, fix: string) =>
  `JavaScript sets or changes the page’s ${what}: the HTML as fetched says one thing and the rendered page another. Google indexes the rendered page, but reads the raw HTML first and renders later, and other search engines, social networks’ link previews and many SEO tools read only the raw HTML. ${fix} The evidence gives the raw and the rendered value.`;

export const JS_CHECKS = {
  js_title_changed: check({
    category: 'javascript',
    severity: 'warning',
    priority: 'medium',
    title: 'JavaScript changes the title',
    description: changed(
      'title',
      'Put the final title in the server’s HTML (server-side rendering or prerendering), and let scripts leave it alone.',
    ),
    evidence: 'js_value',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  js_description_changed: check({
    category: 'javascript',
    severity: 'warning',
    priority: 'low',
    title: 'JavaScript changes the meta description',
    description: changed(
      'meta description',
      'Write the description into the server’s HTML, so snippets and link previews show the one you meant.',
    ),
    evidence: 'js_value',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  js_h1_changed: check({
    category: 'javascript',
    severity: 'warning',
    priority: 'low',
    title: 'JavaScript changes the h1',
    description: changed(
      'first h1',
      'Render the main heading on the server; a heading that appears only after scripts run is late for every reader that does not run them.',
    ),
    evidence: 'js_value',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  js_canonical_changed: check({
    category: 'javascript',
    severity: 'issue',
    priority: 'medium',
    title: 'JavaScript sets or changes the canonical',
    description: changed(
      'canonical link',
      'Google may take the raw or the rendered canonical, so two different ones make the choice of URL unpredictable, and one only in the rendered page may never be seen. Put one canonical in the server’s HTML and never change it by script.',
    ),
    evidence: 'js_value',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  js_noindex_changed: check({
    category: 'javascript',
    severity: 'issue',
    priority: 'high',
    title: 'JavaScript changes the robots directives',
    description:
      'The robots directives (meta robots and `X-Robots-Tag`) of the HTML as fetched differ from the rendered page’s. A raw `noindex` that JavaScript removes is the worst case: Google reads the noindex, skips rendering, and the page stays out of the index whatever the script does. A `noindex` that JavaScript adds is obeyed, but only once the page is rendered. Serve the directives you mean in the HTML, and do not change them by script. The evidence gives both sets of directives and which case it is.',
    evidence: 'js_robots',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  js_links_only_rendered: check({
    category: 'javascript',
    severity: 'warning',
    priority: 'medium',
    title: 'Internal links exist only after rendering',
    description:
      'The rendered page links to internal URLs that its HTML as fetched does not: Google finds them only after rendering (later, and only if the render succeeds), and crawlers that do not run JavaScript never do. Render navigation and content links as `<a href>` in the server’s HTML. The evidence lists up to 20 of those URLs with their count and the page’s internal link counts raw and rendered.',
    evidence: 'js_links',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  js_content_only_rendered: check({
    category: 'javascript',
    severity: 'warning',
    priority: 'medium',
    title: 'Most of the main text appears only after rendering',
    description: `The rendered page’s main text has at least ${JS_CONTENT_MIN_WORDS} words and the HTML as fetched has fewer than ${Math.round(JS_CONTENT_RAW_SHARE * 100)} % of them: what the page says is drawn by JavaScript. Google indexes it only once the page is rendered, and other search engines and link previews may see an empty page. Render the main content on the server (server-side rendering, static generation or prerendering). The evidence gives both word counts.`,
    evidence: 'js_words',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  js_console_error: check({
    category: 'javascript',
    severity: 'warning',
    priority: 'medium',
    title: 'JavaScript errors while the page loads',
    description:
      'A script threw an error nothing caught, or called `console.error`, while the page loaded in Chromium: a feature or part of the content may be missing for visitors and for Google’s renderer alike. Failed loads of files are not counted here (broken scripts and stylesheets are `resource_broken`). Open the page with the browser’s console and fix the script. The evidence gives up to 10 distinct messages (their first line) and where they came from.',
    evidence: 'js_console',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
  js_resource_blocked: check({
    category: 'javascript',
    severity: 'warning',
    priority: 'high',
    title: 'Page loads a script or stylesheet that robots.txt blocks',
    description:
      'The page asked for a script or stylesheet that the robots.txt of its host disallows for the crawl’s user agent (decided with the crawl’s robots.txt rules whether or not the crawl obeys them). Google’s renderer does not fetch it, so Google may see the page unstyled or without what the script draws. Allow the file in robots.txt (`Allow:` lines for the scripts and styles), or stop depending on it; a third party’s blocked file is theirs to allow. A robots.txt that could not be read is not counted. The evidence lists up to 20 of the files.',
    evidence: 'js_blocked',
    evaluator: 'sql',
    applies_to: 'html_pages',
  }),
} as const;
