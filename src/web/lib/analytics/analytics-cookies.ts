/**
 * Removing Google Analytics cookies when a visitor withdraws consent. gtag.js writes them on
 * the widest domain it may (cookie_domain 'auto'), so each is expired on the host and on every
 * parent domain.
 */

const ANALYTICS_COOKIE = /^(_ga|_ga_[A-Za-z0-9]+|_gid|_gat(_.*)?)$/;

/** Names of the Google Analytics cookies in a `document.cookie` string. */
export function analyticsCookieNames(cookieHeader: string): string[] {
  return cookieHeader
    .split(';')
    .map((pair) => pair.split('=', 1)[0]?.trim() ?? '')
    .filter((name) => ANALYTICS_COOKIE.test(name));
}

/** The `document.cookie` assignments that expire `name` on `hostname` and its parents. */
export function expiringCookieAssignments(name: string, hostname: string): string[] {
  const expired = `${name}=; Max-Age=0; Path=/`;
  const labels = hostname.split('.');
  const domains =
    labels.length > 1 ? labels.slice(0, -1).map((_, i) => labels.slice(i).join('.')) : [];
  return [expired, ...domains.map((domain) => `${expired}; Domain=${domain}`)];
}

export function clearAnalyticsCookies(doc: Document, hostname: string): void {
  for (const name of analyticsCookieNames(doc.cookie)) {
    for (const assignment of expiringCookieAssignments(name, hostname)) doc.cookie = assignment;
  }
}
