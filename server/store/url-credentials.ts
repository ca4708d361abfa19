/**
 * `user:pass@` in a URL. A site's credentials belong in its settings, not in a URL that is stored, listed, logged
 * and exported; this takes them out. Percent-encoded userinfo (`p%40ss`) is decoded, as a browser does before
 * it sends Basic credentials.
 */
export interface UrlCredentials {
  username: string;
  password: string;
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The URL without userinfo, and the credentials it held (null when none). */
export function splitUrlCredentials(href: string): { href: string; credentials: UrlCredentials | null } {
  const url = new URL(href);
  if (url.username === '' && url.password === '') return { href: url.href, credentials: null };
  const credentials = { username: decoded(url.username), password: decoded(url.password) };
  url.username = '';
  url.password = '';
  return { href: url.href, credentials };
}
