/**
 * A finding's evidence in one line of plain text, for a table cell: the first thing that proves it, and how many
 * more there are. The evidence comes typed only as "one of the shapes"; the issue's `evidence` names which, so
 * `typedEvidence` reads it as that shape once, here, and every renderer switches on the result.
 */
import type { EvidenceKind, EvidenceOf, Finding } from '../api/types.js';

export type TypedEvidence = { [K in EvidenceKind]: { kind: K; value: EvidenceOf<K> } }[EvidenceKind];

/** The server answers each check's findings in the shape its issue names (`/openapi.json`, `Evidence…`). */
export function typedEvidence(kind: EvidenceKind, evidence: Finding['evidence']): TypedEvidence {
  return { kind, value: evidence } as TypedEvidence;
}

const quote = (text: string | null) => (text ? `“${text}”` : 'no text');
/** An HTTP status; without one, the fetch error, or "not fetched" (a URL the crawl did not request). */
export const statusText = (code: number | null, error?: string | null) =>
  code !== null ? String(code) : error ? `fetch error (${error})` : 'not fetched';
/** The first of `items` as text, then "and N more". */
function first<T>(items: readonly T[], text: (item: T) => string, none: string): string {
  if (!items.length) return none;
  const more = items.length - 1;
  return `${text(items[0]!)}${more ? ` and ${more} more` : ''}`;
}

export function evidenceSummary(
  kind: EvidenceKind,
  evidence: Finding['evidence'],
  url: (url: string) => string,
): string {
  const e = typedEvidence(kind, evidence);
  switch (e.kind) {
    case 'status': {
      const v = e.value;
      const from = v.linked_from.length
        ? `linked from ${v.linked_from.length}`
        : 'no crawled page links here';
      return `${statusText(v.status, v.error)} · ${from}`;
    }
    case 'link_targets':
      return first(
        e.value.targets,
        (t) => `${statusText(t.status, t.error)} ${url(t.url)} (${quote(t.anchor_text)})`,
        '—',
      );
    case 'redirect_targets':
      return first(
        e.value.targets,
        (t) => `${url(t.url)} → ${t.final_url ? url(t.final_url) : 'no final URL'}`,
        '—',
      );
    case 'hops':
      return e.value.hops.map((h) => `${url(h.url)} (${statusText(h.status)})`).join(' → ');
    case 'text': {
      const v = e.value;
      const limit = v.threshold === null ? '' : `, limit ${v.threshold}`;
      return v.text === null ? 'missing' : `${quote(v.text)} · ${v.length} characters${limit}`;
    }
    case 'shared_text':
      return `${quote(e.value.text)} · on ${e.value.count} pages`;
    case 'headings':
      return e.value.h1s.length ? e.value.h1s.map(quote).join(', ') : 'no H1';
    case 'heading_skip':
      return `H${e.value.from_level} then H${e.value.to_level}: ${quote(e.value.text)}`;
    case 'canonical':
      return `canonical ${url(e.value.canonical)} (${statusText(e.value.status)})`;
    case 'directives': {
      const parts = [
        e.value.meta_robots && `meta robots: ${e.value.meta_robots}`,
        e.value.x_robots_tag && `X-Robots-Tag: ${e.value.x_robots_tag}`,
      ].filter(Boolean);
      return parts.join(' · ') || '—';
    }
    case 'reason':
      return `${e.value.reason} · ${first(e.value.sitemaps, (s) => `in ${url(s)}`, 'in a sitemap')}`;
    case 'sitemaps':
      return first(e.value.sitemaps, (s) => `in ${url(s)}`, 'in a sitemap');
    case 'hreflang':
      return first(
        e.value.alternates,
        (a) => `${a.code} → ${url(a.url)}${a.reason ? ` (${a.reason})` : ''}`,
        '—',
      );
    case 'hreflang_set':
      return e.value.codes.join(', ') || 'no codes';
    case 'words':
      return `${e.value.word_count.toLocaleString()} words · threshold ${e.value.threshold.toLocaleString()}${
        e.value.structured_share === null
          ? ''
          : ` · ${Math.round(e.value.structured_share * 100)}% code or tables`
      }`;
    case 'group':
      return first(e.value.others, (o) => `like ${url(o.url)} (${o.similarity.toFixed(2)})`, 'no other page');
    case 'value':
      return `${e.value.value.toLocaleString()} ${e.value.unit} · threshold ${e.value.threshold.toLocaleString()}`;
    case 'linked_from':
      return first(
        e.value.linked_from,
        (l) => `from ${url(l.url)} (${quote(l.anchor_text)})`,
        'no linking page',
      );
    case 'robots': {
      const from = first(e.value.linked_from, (l) => `from ${url(l.url)}`, 'no linking page');
      const rule = e.value.rule
        ? `${e.value.line === null ? '' : `line ${e.value.line}: `}${e.value.rule}`
        : 'rule unknown';
      return `${rule} · ${from}`;
    }
    case 'images': {
      const more = e.value.count - e.value.images.length;
      return `${e.value.images.map(url).join(', ') || 'no image listed'}${more > 0 ? ` and ${more} more` : ''}`;
    }
    case 'json_ld':
      return first(
        e.value.blocks,
        (b) => {
          const gap = b.missing[0];
          const why = b.error ?? (gap ? `${gap.type} lacks ${gap.property}` : 'parses');
          return `block ${b.index}: ${why}${b.missing.length > 1 ? ` (+${b.missing.length - 1})` : ''}`;
        },
        '—',
      );
    case 'outlier':
      return e.value.nearest
        ? `nearest ${url(e.value.nearest.url)} (${e.value.nearest.similarity.toFixed(2)}) · threshold ${e.value.threshold.toFixed(2)}`
        : 'no other page to compare';
    case 'page_resources': {
      const r = e.value.resources[0];
      if (!r) return '—';
      const size = r.bytes === null ? '' : `, ${r.bytes.toLocaleString()} bytes`;
      const more = e.value.count - 1;
      return `${r.kind} ${url(r.url)} (${statusText(r.status, r.error)}${size})${more > 0 ? ` and ${more} more` : ''}`;
    }
    case 'declared': {
      const v = e.value;
      const problem = v.problems.join('; ') || '—';
      return v.value === null ? `${v.what}: ${problem}` : `${v.what} ${quote(v.value)}: ${problem}`;
    }
    case 'repeated':
      return `${e.value.count} × ${e.value.what}: ${e.value.values.map(quote).join(', ')}`;
    case 'head_break':
      return `head ended by ${e.value.element}${first(e.value.pushed, (p) => ` · pushed out ${p}`, '')}`;
    case 'page_urls': {
      const more = e.value.count - 1;
      return e.value.urls.length ? `${url(e.value.urls[0]!)}${more > 0 ? ` and ${more} more` : ''}` : '—';
    }
    case 'insecure_forms': {
      const to = first(e.value.actions, (a) => `submits to ${url(a)}`, '');
      return (
        [e.value.password_over_http && 'password field over HTTP', to].filter(Boolean).join(' · ') || '—'
      );
    }
    case 'long_alts':
      return first(
        e.value.images,
        (i) => `${url(i.src)}: ${i.length} characters, limit ${e.value.threshold}`,
        '—',
      );
    case 'soft_404':
      return `${e.value.words ? quote(e.value.words) : e.value.rule} · ${e.value.word_count} words`;
    case 'phrases':
      return first(e.value.phrases, (p) => `${quote(p.phrase)} in ${p.where}`, '—');
    case 'pagination_targets':
      return first(
        e.value.targets,
        (t) =>
          `${t.rel} ${url(t.url)} (${statusText(t.status)}${t.indexability_reason ? `, ${t.indexability_reason}` : ''})`,
        '—',
      );
    case 'pagination_pairs':
      return first(
        e.value.pairs,
        (p) =>
          `${p.rel} ${url(p.url)}, whose ${p.rel === 'next' ? 'prev' : 'next'} is ${p.back ? url(p.back) : 'missing'}`,
        '—',
      );
    case 'repetition':
      return `/${e.value.segments.join('/')}/ × ${e.value.times}`;
    case 'axe_violation': {
      const n = e.value.nodes[0];
      const more = e.value.count - 1;
      return n ? `${n.target}${more > 0 ? ` and ${more} more` : ''} · ${n.summary.split('\n')[0]}` : '—';
    }
    case 'js_value':
      return `raw ${quote(e.value.raw)} · rendered ${quote(e.value.rendered)}`;
    case 'js_robots':
      return `raw ${e.value.raw_directives.join(', ') || 'none'} · rendered ${e.value.rendered_directives.join(', ') || 'none'}`;
    case 'js_links':
      return `${first(e.value.links, url, 'no link')} (${e.value.count} only rendered)`;
    case 'js_words':
      return `${e.value.raw_words} words raw · ${e.value.rendered_words} rendered`;
    case 'js_console':
      return first(e.value.messages, (m) => m.text, 'no message');
    case 'js_blocked':
      return first(e.value.blocked, (b) => url(b.url), 'no file');
    case 'lab_metric': {
      const v = e.value;
      const what = v.elements[0] ? ` · ${v.elements[0].selector} ${quote(v.elements[0].text)}` : '';
      return `${labValue(v.value, v.unit)} in the lab (${v.profile}), limit ${labValue(v.threshold, v.unit)}${what}`;
    }
    case 'url':
      return '—';
  }
}

/** A lab figure (#36 §3) in its unit: ms, a layout-shift score, or bytes as MB. */
export function labValue(value: number, unit: 'ms' | 'score' | 'bytes'): string {
  if (unit === 'ms') return `${Math.round(value).toLocaleString('en')} ms`;
  if (unit === 'score') return value.toFixed(3);
  return `${(value / (1024 * 1024)).toFixed(1)} MB`;
}
