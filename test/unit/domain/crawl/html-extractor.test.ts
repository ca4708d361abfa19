import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractHtml, type ExtractedPage } from '../../../../server/domain/crawl/html-extractor.js';

const GUIDE_URL = 'https://www.peak.example/guides/trail-running-shoes?utm_source=news';

/** A typical content page: cookie banner, header and menu, breadcrumbs, article, pagination, sidebar, footer. */
const GUIDE = `<!DOCTYPE html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <title>
    Trail Running Shoes &ndash; Buyer&rsquo;s Guide | Peak Outfitters
  </title>
  <meta name="description" content="  How to pick trail running shoes:   grip, drop and fit. ">
  <meta name="robots" content="Index, Follow">
  <meta name="Siteloupe" content="NOARCHIVE">
  <meta name="googlebot" content="noindex">
  <base href="https://www.peak.example/guides/">
  <link rel="canonical" href="trail-running-shoes">
  <link rel="alternate" hreflang="en-GB" href="https://www.peak.example/guides/trail-running-shoes">
  <link rel="alternate" hreflang="de" href="/de/ratgeber/traillaufschuhe">
  <link rel="alternate" hreflang="x-default" href="trail-running-shoes">
  <link rel="alternate" type="application/rss+xml" href="/feed.xml">
  <link rel="stylesheet" href="/assets/site.css">
  <script>window.dataLayer = window.dataLayer || []; if (a < b && c > d) { document.write('<a href="/in-script">x</a>'); }</script>
  <script type="application/ld+json">
  {"@context": "https://schema.org", "@graph": [
    {"@type": "WebPage", "@id": "#webpage", "breadcrumb": {"@id": "#breadcrumb"}},
    {"@type": "BreadcrumbList", "@id": "#breadcrumb",
     "itemListElement": [{"@type": "ListItem", "position": 1, "name": "Guides"}]},
    {"@type": ["Article", "TechArticle"], "author": {"@type": "Person", "name": "Sam"},
     "publisher": {"@type": "Organization", "logo": {"@type": "ImageObject"}}}
  ]}
  </script>
  <script type="application/ld+json">{"@type": "FAQPage", broken json</script>
  <style>.cookie-banner { position: fixed } a > b { color: red }</style>
</head>
<body class="page has-sidebar">
  <div id="cookie-consent" class="cookie-banner" role="dialog">
    We use cookies to improve your experience. <a href="/privacy">Privacy policy</a>
    <button>Accept</button>
  </div>
  <header class="site-header">
    <a href="/" class="logo"><img src="/logo.svg" alt="Peak Outfitters"></a>
    <nav aria-label="Main">
      <ul>
        <li><a href="/shop/">Shop</a>
        <li><a href="/guides/">Guides</a>
        <li><a href="/about/" rel="nofollow">About us</a>
      </ul>
    </nav>
  </header>
  <div class="wrapper">
    <ol class="breadcrumbs">
      <li><a href="/">Home</a></li>
      <li><a href="./">Guides</a></li>
      <li>Trail running shoes</li>
    </ol>
    <main id="content">
      <article>
        <h1>Trail running shoes: a buyer&#39;s guide</h1>
        <div class="share-buttons"><a href="https://twitter.com/intent/tweet?url=x">Share on X</a></div>
        <p>Trail shoes need <strong>grip</strong>, a rock plate and a secure fit.
           Road shoes slip on wet roots.</p>
        <h2>Grip</h2>
        <p>Look for lugs of 4&nbsp;mm or more &mdash; see our <a href="lug-depth#chart">lug depth chart</a>.
        <p>Soft compounds grip better but wear faster.
        <figure>
          <a href="/img/outsole-large.jpg"><img src="/img/outsole.jpg" alt="Outsole   close-up"></a>
          <figcaption>A worn outsole</figcaption>
        </figure>
        <h2>Fit</h2>
        <ul><li>Thumb's width at the toe<li>Locked-in heel</ul>
        <footer class="article-footer"><a href="/authors/sam">Sam Ridge</a>, updated 2024</footer>
      </article>
      <nav class="pagination" aria-label="Pagination">
        <a href="?page=1" rel="prev">Previous</a>
        <a href="?page=3">3</a>
      </nav>
      <a href="?page=3" rel="next">Next page</a>
    </main>
    <aside>
      <h3>Related</h3>
      <a href="/guides/road-shoes" rel="NoFollow UGC">Road shoes</a>
    </aside>
  </div>
  <footer>
    <nav><a href="/sitemap">Sitemap</a></nav>
    <a href="mailto:help@peak.example">Email us</a>
    <a href="tel:+441234">Call</a>
    <a href="javascript:void(0)">Nothing</a>
    <a href="#top">Back to top</a>
    <a href="">Empty</a>
    <a href="https://www.instagram.com/peak" aria-label="Instagram"><svg viewBox="0 0 8 8"><title>Instagram logo</title><path d="M0 0h8"/></svg></a>
    <p>&copy; 2024 Peak Outfitters</p>
  </footer>
  <template><a href="/template-only">Hidden</a><h2>Template heading</h2><p>Template text</p></template>
  <noscript><img src="/pixel.gif" alt=""></noscript>
</body>
</html>`;

const extract = (html: string, url = 'https://ex.test/dir/page', headers = {}, bot?: string): ExtractedPage =>
  extractHtml(html, url, headers, bot);

describe('extractHtml on a full content page', () => {
  const page = extract(GUIDE, GUIDE_URL);

  it('reads the head: title, description, robots, canonical, hreflang, language', () => {
    assert.equal(page.title, 'Trail Running Shoes – Buyer’s Guide | Peak Outfitters');
    assert.equal(page.meta_description, 'How to pick trail running shoes: grip, drop and fit.');
    // The generic robots meta and Siteloupe's own; Googlebot's is not ours to obey.
    assert.equal(page.meta_robots, 'index, follow, noarchive');
    assert.equal(page.base_url, 'https://www.peak.example/guides/');
    assert.equal(page.canonical_url, 'https://www.peak.example/guides/trail-running-shoes');
    assert.deepEqual(page.hreflang, [
      { lang: 'en-GB', url: 'https://www.peak.example/guides/trail-running-shoes' },
      { lang: 'de', url: 'https://www.peak.example/de/ratgeber/traillaufschuhe' },
      { lang: 'x-default', url: 'https://www.peak.example/guides/trail-running-shoes' },
    ]);
    assert.equal(page.language, 'en-GB');
  });

  it('collects every JSON-LD @type, nested and in @graph, and skips invalid JSON', () => {
    assert.deepEqual(page.structured_data_types, [
      'Article',
      'BreadcrumbList',
      'ImageObject',
      'ListItem',
      'Organization',
      'Person',
      'TechArticle',
      'WebPage',
    ]);
  });

  it('lists headings in order, without the template, with their line in the main text and their anchor', () => {
    assert.equal(page.h1, "Trail running shoes: a buyer's guide");
    // <main id="content"> opens the h1's section; the aside's heading is not in the main text.
    assert.deepEqual(page.headings, [
      { level: 1, text: "Trail running shoes: a buyer's guide", anchor: 'content', line: 0 },
      { level: 2, text: 'Grip', line: 2 },
      { level: 2, text: 'Fit', line: 6 },
      { level: 3, text: 'Related' },
    ]);
    const lines = page.main_text.split('\n');
    for (const h of page.headings) if (h.line !== undefined) assert.equal(lines[h.line], h.text);
  });

  it('takes the main text from <main>, without share widgets, nav, footers and asides, one line per block', () => {
    assert.equal(
      page.main_text,
      [
        "Trail running shoes: a buyer's guide",
        'Trail shoes need grip, a rock plate and a secure fit. Road shoes slip on wet roots.',
        'Grip',
        'Look for lugs of 4 mm or more — see our lug depth chart.',
        'Soft compounds grip better but wear faster.',
        'A worn outsole',
        'Fit',
        "Thumb's width at the toe",
        'Locked-in heel',
        'Next page',
      ].join('\n'),
    );
    assert.equal(page.word_count, 57);
  });

  it('counts visible body text, including menus and footers, but not scripts, templates or noscript', () => {
    assert.equal(page.text_chars_in_body, 448);
    assert.equal(page.app_shell, false);
  });

  it('lists http(s) links in document order, resolved against <base>, each with its kind', () => {
    const rows = page.links.map((l) => [l.edge_kind, l.href, l.anchor_text, l.nofollow]);
    assert.deepEqual(rows, [
      ['content', 'https://www.peak.example/privacy', 'Privacy policy', false],
      ['header', 'https://www.peak.example/', 'Peak Outfitters', false],
      ['navigation', 'https://www.peak.example/shop/', 'Shop', false],
      ['navigation', 'https://www.peak.example/guides/', 'Guides', false],
      ['navigation', 'https://www.peak.example/about/', 'About us', true],
      ['navigation', 'https://www.peak.example/', 'Home', false],
      ['navigation', 'https://www.peak.example/guides/', 'Guides', false],
      ['content', 'https://twitter.com/intent/tweet?url=x', 'Share on X', false],
      ['content', 'https://www.peak.example/guides/lug-depth#chart', 'lug depth chart', false],
      ['content', 'https://www.peak.example/img/outsole-large.jpg', 'Outsole close-up', false],
      ['footer', 'https://www.peak.example/authors/sam', 'Sam Ridge', false],
      ['pagination', 'https://www.peak.example/guides/?page=1', 'Previous', false],
      ['pagination', 'https://www.peak.example/guides/?page=3', '3', false],
      ['pagination', 'https://www.peak.example/guides/?page=3', 'Next page', false],
      ['aside', 'https://www.peak.example/guides/road-shoes', 'Road shoes', true],
      ['navigation', 'https://www.peak.example/sitemap', 'Sitemap', false],
      ['footer', 'https://www.instagram.com/peak', 'Instagram logo', false],
    ]);
  });
});

describe('extractHtml: choosing the main text', () => {
  it('uses the largest <article> when there is no <main>', () => {
    const page = extract(`<body>
      <article><h2>Teaser</h2><p>Short teaser.</p></article>
      <article><h1>The story</h1><p>A much longer body of text that is the real story.</p></article>
      <aside><article><p>Related reading with quite a few words in it too.</p></article></aside>
    </body>`);
    assert.equal(page.main_text, 'The story\nA much longer body of text that is the real story.');
    assert.equal(page.word_count, 13);
  });

  it('prefers <main> over a larger <article> outside it', () => {
    const page = extract(`<body><article><p>${'long words '.repeat(40)}</p></article>
      <main><p>Main wins.</p></main></body>`);
    assert.equal(page.main_text, 'Main wins.');
  });

  it('falls back to <body> without nav, header, footer, aside, form, banners, breadcrumbs, menus, roles', () => {
    const page = extract(`<html><head><title>T</title></head><body>
      <header>Site name</header>
      <div id="gdpr-notice">We value your privacy</div>
      <div class="breadcrumb">Home / Guides</div>
      <ul id="mainMenu"><li>Shop</li></ul>
      <div class="c-social-links">Follow us</div>
      <div role="navigation">Skip links</div>
      <div role="banner">Banner</div>
      <div role="complementary">Widgets</div>
      <div role="contentinfo">Legal</div>
      <div class="content with-sidebar">
        <h1>Hello</h1><p>Body text stays.</p><script>var x = "<p>not text</p>";</script>
        <style>p { color: red }</style><noscript>Enable JS</noscript><svg><text>chart</text></svg>
        <form><label>Email</label><button>Subscribe</button></form>
        <div class="sidebar">Sidebar text</div>
      </div>
      <aside>Aside text</aside><nav>Nav text</nav><footer>Footer text</footer>
    </body></html>`);
    assert.equal(page.main_text, 'Hello\nBody text stays.');
  });

  it('leaves out navigation marked by class: docnav, navfooter, navbar, subnav, but not canvas or navy', () => {
    // A Publican (DocBook) manual page: Prev / Up / Next lists around the section, no <nav> element.
    const page = extract(`<body><ul class="docnav top"><li class="previous"><a href="/p">Prev</a></li>
      <li class="home">The Handbook</li><li class="next"><a href="/n">Next</a></li></ul>
      <div class="section"><h1>12.2. Virtualization</h1><p>Virtualization is one of the major advances.</p>
      <div class="canvas-wrap navy-theme"><p>Kept despite the letters.</p></div></div>
      <div class="navbar">Top bar</div><ul class="sub-nav"><li>More</li></ul>
      <ul class="docnav"><li><a href="/p">Prev</a></li><li><a href="/n">Next</a></li></ul>
      <div class="navfooter"><a href="/p">Prev</a> Up <a href="/n">Next</a></div></body>`);
    assert.equal(
      page.main_text,
      '12.2. Virtualization\nVirtualization is one of the major advances.\nKept despite the letters.',
    );
  });

  it('keeps the text of a <main> inside a page-wide <form> or a soft-marked wrapper', () => {
    const webforms = extract(`<body><form id="aspnetForm"><nav>Menu</nav>
      <main><p>Content of the page.</p><aside>Inner aside</aside></main></form></body>`);
    assert.equal(webforms.main_text, 'Content of the page.');
    const wrapped = extract(`<body><div class="offcanvas-menu-wrapper"><nav><a href="/n">N</a></nav>
      <main><p>Read <a href="/c">this</a>.</p></main></div></body>`);
    assert.equal(wrapped.main_text, 'Read this.');
    assert.deepEqual(
      wrapped.links.map((l) => l.edge_kind),
      ['navigation', 'content'],
    );
  });

  it('ignores state and layout classes on wrappers and the classes of <body>', () => {
    const page = extract(`<body class="has-sidebar menu-open cookie-consent-given">
      <div class="page-layout sidebar-layout"><div class="is-menu-open"><p>Kept text.</p></div></div>
      <div class="shared-content"><p>Also kept.</p></div></body>`);
    assert.equal(page.main_text, 'Kept text.\nAlso kept.');
  });

  it('keeps sections and headings whose id comes from their content, even one that reads like a widget', () => {
    // Sphinx names a module's section after it (http.cookies); a FAQ's heading ids come from the question.
    const page = extract(`<body><main>
      <section id="module-http.cookies"><h1 id="share-the-cookie-jar">http.cookies</h1>
        <dl><dt id="http.cookies.Morsel.share">Morsel</dt><dd id="menu-item">A cookie.</dd></dl></section>
      <div id="cookie-banner">We use cookies</div></main></body>`);
    assert.equal(page.main_text, 'http.cookies\nMorsel\nA cookie.');
  });

  it('anchors each heading to its section as docs generators mark it (#37)', () => {
    // Sphinx wraps a section: <section id><h2>. PostgreSQL's manual (DocBook): <div class="sect2" id> with
    // wrappers, then <h3>. The Debian handbook: <h2><a id></a>Title. Old pages: <a name></a><h2>. An own id wins.
    const page = extract(`<body><main>
      <section id="basic-usage"><h2>Basic Usage<a class="headerlink" href="#basic-usage">¶</a></h2><p>Text.</p>
      <div class="sect2" id="SQL-SYNTAX-IDENTIFIERS"><div class="titlepage"><div><div>
        <h3 class="title">4.1.1. Identifiers</h3></div></div></div><p>More.</p></div>
      <h2 class="title"><a xmlns="" id="sect.apt-get"></a>6.2. <code>apt-get</code></h2>
      <a name="old-style"></a><h2>Named</h2>
      <div id="wrapper"><h2 id="own">Own id</h2></div>
      <div id="too-early"><p>Text between.</p><h2>No anchor</h2></div>
      <h2>Late <a id="late"></a>anchor</h2>
      <input id="toggle" type="checkbox"><h3>After a control</h3>
      </main></body>`);
    assert.deepEqual(
      page.headings.map((h) => [h.text, h.anchor ?? null]),
      [
        ['Basic Usage', 'basic-usage'],
        ['4.1.1. Identifiers', 'SQL-SYNTAX-IDENTIFIERS'],
        ['6.2. apt-get', 'sect.apt-get'],
        ['Named', 'old-style'],
        ['Own id', 'own'],
        ['No anchor', null],
        ['Late anchor', null],
        ['After a control', null],
      ],
    );
  });

  it('reads headings without the permalink sign a docs generator appends', () => {
    const page = extract(`<body><main><h1>Type Objects<a class="headerlink" href="#t">¶</a></h1>
      <h2>Sections <a href="#s">§</a></h2><h2>Price in £</h2></main></body>`);
    assert.deepEqual(page.headings, [
      { level: 1, text: 'Type Objects', line: 0 },
      { level: 2, text: 'Sections', line: 1 },
      { level: 2, text: 'Price in £', line: 2 },
    ]);
    assert.equal(page.h1, 'Type Objects');
  });

  it('separates blocks and table rows by lines, cells by spaces, and joins inline elements', () => {
    const page = extract(`<body><div>One<span>Two</span> <b>three</b></div>
      <table><tr><td>a</td><td>b</td></tr><tr><th>c</th><td>d</td></tr></table>
      <p>line<br>break</p></body>`);
    assert.equal(page.main_text, 'OneTwo three\na b\nc d\nline\nbreak');
  });
});

describe('extractHtml: edge kinds', () => {
  it('takes the nearest classifying ancestor', () => {
    const page = extract(`<body>
      <footer><nav><a href="/1">nav in footer</a></nav><a href="/2">footer</a></footer>
      <article><footer><a href="/3">footer in article</a></footer></article>
      <nav><div class="pager"><a href="/4">pager in nav</a></div></nav>
      <div class="sidebar"><a href="/5">sidebar</a></div>
      <div role="banner"><a href="/6">role banner</a></div>
      <div role="complementary"><a href="/7">role complementary</a></div>
      <div role="contentinfo"><a href="/8">role contentinfo</a></div>
      <div aria-label="Breadcrumb"><a href="/9">breadcrumb label</a></div>
      <ul class="dropdown-menu"><li><a href="/10">menu class</a></li></ul>
      <nav aria-label="Page navigation"><a href="/11">2</a></nav>
      <p><a href="/12" rel="next">rel next in content</a> <a href="/13" rel="prev">prev</a></p>
      <header><map name="m"><area href="/14" alt="Area link"></map></header>
      <a href="/15">plain</a>
    </body>`);
    assert.deepEqual(
      page.links.map((l) => [l.anchor_text, l.edge_kind]),
      [
        ['nav in footer', 'navigation'],
        ['footer', 'footer'],
        ['footer in article', 'footer'],
        ['pager in nav', 'pagination'],
        ['sidebar', 'aside'],
        ['role banner', 'header'],
        ['role complementary', 'aside'],
        ['role contentinfo', 'footer'],
        ['breadcrumb label', 'navigation'],
        ['menu class', 'navigation'],
        ['2', 'pagination'],
        ['rel next in content', 'pagination'],
        ['prev', 'pagination'],
        ['Area link', 'header'],
        ['plain', 'content'],
      ],
    );
  });
});

describe('extractHtml: links', () => {
  it('skips empty, fragment-only, non-http(s) and unparsable hrefs, and resolves the rest', () => {
    const page = extract(
      `<body>
      <a href="">empty</a><a href="   ">blank</a><a href="#section">fragment</a><a>no href</a>
      <a href="mailto:a@b.test">mail</a><a href="tel:+1">tel</a><a href="JavaScript:go()">js</a>
      <a href="data:text/html,hi">data</a><a href="ftp://files.test/x">ftp</a><a href="http://[::1">bad</a>
      <a href="  sibling?q=1#frag  ">sibling</a><a href="//cdn.test/lib">protocol-relative</a>
      <a href="../up">up</a><a href="HTTP://Other.TEST/Path">other host</a>
    </body>`,
      'https://ex.test/dir/page',
    );
    assert.deepEqual(
      page.links.map((l) => l.href),
      [
        'https://ex.test/dir/sibling?q=1#frag',
        'https://cdn.test/lib',
        'https://ex.test/up',
        'http://other.test/Path',
      ],
    );
  });

  it('reads anchor text: collapsed text, else image alts, else aria-label', () => {
    const page = extract(`<body>
      <a href="/1">  Spaced
         out   text </a>
      <a href="/2"><img src="a.png" alt="Logo"></a>
      <a href="/3"><img src="a.png" alt="First"><img src="b.png"><img src="c.png" alt="Second"></a>
      <a href="/4"><img src="a.png" alt="ignored">Text wins</a>
      <a href="/5" aria-label="Close dialog"><span class="icon"></span></a>
      <a href="/6"><div>Card title</div><div>Card summary</div></a>
      <a href="/7"><img src="x.png" alt=""></a>
    </body>`);
    assert.deepEqual(
      page.links.map((l) => l.anchor_text),
      ['Spaced out text', 'Logo', 'First Second', 'Text wins', 'Close dialog', 'Card title Card summary', ''],
    );
  });

  it('reads rel as a token list, in any case', () => {
    const page = extract(`<body><a href="/1" rel="ugc NOFOLLOW">a</a><a href="/2" rel="noopener">b</a>
      <a href="/3" rel="nofollowing">c</a></body>`);
    assert.deepEqual(
      page.links.map((l) => l.nofollow),
      [true, false, false],
    );
  });

  it('resolves against a relative <base>, and ignores a base that is not http(s)', () => {
    const rel = extract(`<head><base href="/shop/"></head><body><a href="item">i</a></body>`);
    assert.equal(rel.base_url, 'https://ex.test/shop/');
    assert.equal(rel.links[0]!.href, 'https://ex.test/shop/item');
    const bad = extract(`<head><base href="javascript:alert(1)"></head><body><a href="item">i</a></body>`);
    assert.equal(bad.base_url, 'https://ex.test/dir/page');
    assert.equal(bad.links[0]!.href, 'https://ex.test/dir/item');
  });

  it('uses the first <base> with an href even when it comes after the links', () => {
    const page = extract(`<body><a href="x">x</a><base target="_blank"><base href="https://cdn.test/a/">
      <base href="https://other.test/"></body>`);
    assert.equal(page.base_url, 'https://cdn.test/a/');
    assert.equal(page.links[0]!.href, 'https://cdn.test/a/x');
  });
});

describe('extractHtml: malformed markup', () => {
  it('keeps structure through unclosed and stray tags', () => {
    const page = extract(`<html><head><title>Broken page</title>
<body>
<div class="content">
<p>Intro <b>bold <i>both</b> italic</i> text</span></div></div>
<p>Second <a href="/one">first link <div>block inside</div></a> after
<ul><li><a href="/two">Two<li><a href="/three">Three <img src=x.png alt="not used: the link has text"></ul>
<table><tr><td>Cell A<td>Cell B<tr><td>Cell C</table>
<br>Line<br/>break <img src=y.png> <input name=q value="not text">
<p>Unclosed at end with <a href="/last">last link`);
    assert.equal(page.title, 'Broken page');
    assert.equal(
      page.main_text,
      [
        'Intro bold both italic text',
        'Second first link',
        'block inside',
        'after',
        'Two',
        'Three',
        'Cell A Cell B',
        'Cell C',
        'Line',
        'break',
        'Unclosed at end with last link',
      ].join('\n'),
    );
    assert.deepEqual(
      page.links.map((l) => [l.href, l.anchor_text]),
      [
        ['https://ex.test/one', 'first link block inside'],
        ['https://ex.test/two', 'Two'],
        ['https://ex.test/three', 'Three'],
        ['https://ex.test/last', 'last link'],
      ],
    );
  });

  it('ends a link where the next one starts, as browsers do', () => {
    const page = extract(`<body><p><a href="/a">One <a href="/b">Two</a> tail</a> <img alt="x"></p></body>`);
    assert.deepEqual(
      page.links.map((l) => l.anchor_text),
      ['One', 'Two'],
    );
    assert.equal(page.main_text, 'One Two tail');
  });

  it('closes a heading at a mismatched heading end tag', () => {
    const page = extract(`<body><h1>Title</h2><p>Body text</p>
      <h2>Sub <span>part</h3> tail</span></h2><h3>Ok</h3></body>`);
    assert.equal(page.h1, 'Title');
    assert.deepEqual(page.headings, [
      { level: 1, text: 'Title', line: 0 },
      { level: 2, text: 'Sub part', line: 2 },
      { level: 3, text: 'Ok', line: 3 },
    ]);
  });

  it('treats text before <body> as body text and survives a document without <html>, <head> or <body>', () => {
    const page = extract(
      `<title>Bare</title><meta name="description" content="d">Loose text <a href="/x">x</a>`,
    );
    assert.equal(page.title, 'Bare');
    assert.equal(page.meta_description, 'd');
    assert.equal(page.main_text, 'Loose text x');
    assert.equal(page.text_chars_in_body, 10);
  });

  it('ignores everything inside <template> and script text', () => {
    const page =
      extract(`<body><template id="t"><h1>T</h1><a href="/t">t</a><template><p>nested</p></template>
      <script type="application/ld+json">{"@type":"Hidden"}</script><meta name="robots" content="noindex">
      </template><script>document.write('<a href="/w">w</a><h1>w</h1>')</script><p>Visible</p></body>`);
    assert.deepEqual(page.headings, []);
    assert.deepEqual(page.links, []);
    assert.deepEqual(page.structured_data_types, []);
    assert.equal(page.meta_robots, null);
    assert.equal(page.main_text, 'Visible');
  });

  it('returns empty results for an empty document', () => {
    const page = extract('');
    assert.equal(page.title, null);
    assert.equal(page.main_text, '');
    assert.equal(page.word_count, 0);
    assert.equal(page.text_chars_in_body, 0);
    assert.equal(page.app_shell, false);
  });
});

describe('extractHtml: head metadata', () => {
  it('reports absent and empty fields as null', () => {
    const page = extract(`<html lang=" "><head><title>   </title><meta name="description" content="">
      </head><body><h1> </h1><svg><title>Icon</title></svg></body></html>`);
    assert.equal(page.title, null);
    assert.equal(page.meta_description, null);
    assert.equal(page.h1, null);
    assert.deepEqual(page.headings, [{ level: 1, text: '' }]);
    assert.equal(page.canonical_url, null);
    assert.equal(page.meta_robots, null);
    assert.equal(page.language, null);
  });

  it('takes the first <title>, not one inside an SVG', () => {
    const page = extract(
      `<body><svg><title>Icon</title></svg><title>Real</title><title>Second</title></body>`,
    );
    assert.equal(page.title, 'Real');
  });

  it('reads the meta for the given bot name', () => {
    const html = `<head><meta name="robots" content="max-snippet:50"><meta name="CrawlBot" content="NoIndex">
      <meta name="siteloupe" content="nofollow"></head>`;
    assert.equal(extract(html, undefined, {}, 'crawlbot').meta_robots, 'max-snippet:50, noindex');
    assert.equal(extract(html).meta_robots, 'max-snippet:50, nofollow');
  });

  it('ignores a canonical the parse puts in the body, as search engines do', () => {
    const pushed = extract(`<!doctype html><html><head><title>T</title><img src="/pixel.gif">
      <link rel="canonical" href="/elsewhere"></head><body><p>Text</p></body></html>`);
    assert.equal(pushed.canonical_url, null);
    const inBody = extract(`<html><head><title>T</title></head><body><link rel="canonical" href="/elsewhere">
      <p>Text</p></body></html>`);
    assert.equal(inBody.canonical_url, null);
    const inHead = extract(`<html><head><title>T</title><link rel="canonical" href="/here"></head>
      <body><link rel="canonical" href="/elsewhere"></body></html>`);
    assert.equal(inHead.canonical_url, 'https://ex.test/here');
  });

  it('falls back to the Link header for the canonical, resolved against the page URL', () => {
    const headers = {
      link: '</fonts/a.woff2>; rel=preload; as="font, style", </canonical-page>; rel="canonical"',
    };
    const page = extract(`<head><base href="https://cdn.test/"></head>`, 'https://ex.test/a/b', headers);
    assert.equal(page.canonical_url, 'https://ex.test/canonical-page');
    const tagged = extract(`<link rel="canonical" href="/from-tag">`, 'https://ex.test/a/b', headers);
    assert.equal(tagged.canonical_url, 'https://ex.test/from-tag');
    const none = extract('<p>x</p>', 'https://ex.test/a/b', { link: '<https://ex.test/x>; rel="alternate"' });
    assert.equal(none.canonical_url, null);
  });

  it('takes the language from <html lang>, else the first Content-Language', () => {
    assert.equal(extract('<html lang="fr"><p>x', undefined, { contentLanguage: 'de' }).language, 'fr');
    assert.equal(extract('<html><p>x', undefined, { contentLanguage: ' de-DE, en ' }).language, 'de-DE');
    assert.equal(extract('<html><p>x', undefined, { contentLanguage: null }).language, null);
  });

  it('reads JSON-LD with a charset parameter, top-level arrays and repeated types once', () => {
    const page = extract(`<script type="application/ld+json; charset=utf-8">
      [{"@type":"Product","offers":[{"@type":"Offer"},{"@type":"Offer"}]},{"@type":" Product "}]
    </script><script type="text/javascript">{"@type":"NotJsonLd"}</script>
    <script type="application/ld+json">{"@type": 42, "x": {"@type": ["Review", 7]}}</script>`);
    assert.deepEqual(page.structured_data_types, ['Offer', 'Product', 'Review']);
  });
});

describe('extractHtml: app shells', () => {
  it('flags an empty React mount point with a noscript plea', () => {
    const page = extract(`<!doctype html><html><head><title>App</title>
      <script src="/static/js/main.js" defer></script></head>
      <body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`);
    assert.equal(page.app_shell, true);
    assert.equal(page.text_chars_in_body, 0);
    assert.equal(page.main_text, '');
  });

  it('flags other empty mount points', () => {
    assert.equal(extract('<body><app-root></app-root></body>').app_shell, true);
    assert.equal(
      extract('<body><div data-reactroot><div class="spinner"></div></div></body>').app_shell,
      true,
    );
    assert.equal(extract('<body><div id="app"></div><footer>© Shop</footer></body>').app_shell, true);
    assert.equal(
      extract('<body><noscript>This site requires JavaScript.</noscript><div id="x"></div></body>').app_shell,
      true,
    );
  });

  it('flags a shell inside the site chrome when its noscript asks for JavaScript', () => {
    const page = extract(`<body><header><nav>${'<a href="/s">Section link</a> '.repeat(20)}</nav></header>
      <main><article><div id="planner"></div><noscript><p>The planner needs JavaScript to run.</p></noscript>
      </article></main><footer>${'Footer words here. '.repeat(10)}</footer></body>`);
    assert.ok(page.text_chars_in_body > 200);
    assert.equal(page.main_text, '');
    assert.equal(page.app_shell, true);
  });

  it('does not flag server-rendered pages', () => {
    const ssr = extract(
      `<body><div id="__next"><main><h1>Rendered</h1><p>Content is here.</p></main></div></body>`,
    );
    assert.equal(ssr.app_shell, false);
    const blog =
      extract(`<body><article><p>${'A real article with plenty of words. '.repeat(10)}</p></article>
      <div id="disqus_thread"></div><noscript>Please enable JavaScript to view the comments.</noscript>
      <div id="root"></div></body>`);
    assert.equal(blog.app_shell, false);
    assert.equal(extract('<body><p>Short page.</p></body>').app_shell, false);
  });
});

/** About 12 KB, shaped like a CMS article page: menus, breadcrumbs, a long article, a sidebar, a big footer. */
function realisticPage(): string {
  const menu = Array.from(
    { length: 24 },
    (_, i) => `<li class="menu-item menu-item-${i}"><a href="/category/topic-${i}/">Topic ${i}</a></li>`,
  ).join('\n');
  const paragraphs = Array.from(
    { length: 36 },
    (_, i) =>
      `<p>Paragraph ${i} explains how a crawler reads <a href="/guides/part-${i}">part ${i} of the guide</a> and ` +
      `why <strong>streaming</strong> extraction keeps memory flat while pages fly past &amp; stay readable.</p>`,
  ).join('\n');
  const related = Array.from({ length: 10 }, (_, i) => `<li><a href="/related/${i}">Related ${i}</a></li>`);
  const footer = Array.from(
    { length: 16 },
    (_, i) => `<li><a href="/company/page-${i}">Company ${i}</a></li>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A guide to crawling | Site</title>
<meta name="description" content="Everything about crawling."><meta name="robots" content="index, follow">
<link rel="canonical" href="https://ex.test/guides/crawling"><link rel="stylesheet" href="/css/site.css">
<link rel="alternate" hreflang="de" href="https://ex.test/de/guides/crawling">
<script>window.dataLayer = window.dataLayer || []; function gtag(){ dataLayer.push(arguments); }</script>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Article",
"author":{"@type":"Person","name":"A"}},{"@type":"BreadcrumbList","itemListElement":[]}]}</script></head>
<body class="post-template-default single"><div id="cookie-notice">We use cookies. <a href="/privacy">More</a></div>
<header class="site-header"><a href="/"><img src="/logo.svg" alt="Site"></a>
<nav class="main-navigation"><ul>${menu}</ul></nav></header>
<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/guides/">Guides</a></li></ol></nav>
<main><article><h1>A guide to crawling</h1>${paragraphs}<h2>Summary</h2><ul><li>Fast</li><li>Small</li></ul>
</article><nav class="pagination"><a href="?p=2" rel="next">Next</a></nav></main>
<aside class="widget-area"><h3>Related</h3><ul>${related.join('')}</ul></aside>
<footer><div class="footer-links"><ul>${footer.join('')}</ul></div><p>&copy; 2024 Example</p></footer>
<script src="/js/app.js"></script></body></html>`;
}

// Speed is measured by bench/crawl.ts, not asserted here: a timed test only measures how busy the machine is.
describe('extractHtml: a realistic page', () => {
  it('finds every link of a 12 KB page with menus, breadcrumbs, related posts and a footer', () => {
    const html = realisticPage();
    assert.ok(html.length > 11_000 && html.length < 13_500, `page is ${html.length} chars`);
    const first = extract(html, 'https://ex.test/guides/crawling');
    assert.equal(first.links.length, 24 + 36 + 10 + 16 + 5);
  });
});
