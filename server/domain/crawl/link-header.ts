/**
 * The HTTP `Link` header (RFC 8288), read for `rel="canonical"`: sites that cannot change their HTML (PDFs,
 * CMS templates) declare canonicals there. Parsed by hand because a comma may sit inside a quoted parameter, so
 * splitting the header on commas is wrong.
 */

/** The URI reference (as written, unresolved) of the first link whose `rel` contains `rel`. */
export function linkHeaderTarget(header: string, rel: string): string | null {
  const wanted = rel.toLowerCase();
  let i = 0;
  while (i < header.length) {
    const open = header.indexOf('<', i);
    if (open === -1) return null;
    const close = header.indexOf('>', open + 1);
    if (close === -1) return null;
    const target = header.slice(open + 1, close).trim();
    const end = paramsEnd(header, close + 1);
    for (const [name, value] of params(header.slice(close + 1, end))) {
      if (name === 'rel' && value.toLowerCase().split(/\s+/).includes(wanted)) return target;
    }
    i = end + 1;
  }
  return null;
}

/** Index of the comma ending this link-value's parameters (outside quotes), or the header's length. */
function paramsEnd(header: string, from: number): number {
  let quoted = false;
  for (let i = from; i < header.length; i++) {
    const c = header[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') return i;
  }
  return header.length;
}

function* params(segment: string): Generator<[string, string]> {
  let i = 0;
  while (i < segment.length) {
    const semi = segment.indexOf(';', i);
    if (semi === -1) return;
    let j = semi + 1;
    const eq = segment.indexOf('=', j);
    const nextSemi = segment.indexOf(';', j);
    if (eq === -1 || (nextSemi !== -1 && nextSemi < eq)) {
      i = nextSemi === -1 ? segment.length : nextSemi;
      continue;
    }
    const name = segment.slice(j, eq).trim().toLowerCase();
    j = eq + 1;
    while (j < segment.length && (segment[j] === ' ' || segment[j] === '\t')) j++;
    let value = '';
    if (segment[j] === '"') {
      for (j++; j < segment.length && segment[j] !== '"'; j++) {
        if (segment[j] === '\\') j++;
        value += segment[j] ?? '';
      }
      j++;
    } else {
      const stop = segment.indexOf(';', j);
      value = segment.slice(j, stop === -1 ? segment.length : stop).trim();
      j = stop === -1 ? segment.length : stop;
    }
    yield [name, value];
    i = j;
  }
}
