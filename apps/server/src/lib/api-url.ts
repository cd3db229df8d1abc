/**
 * Whether a request URL (path and query as sent) is the API's: `/api`, or below it. The not-found
 * handler answers such URLs with JSON instead of the web app (plugins/web.ts), and they get the
 * API's security headers (plugins/security-headers.ts).
 */
export function isUnderApi(url: string): boolean {
  return url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
}
