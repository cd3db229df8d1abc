/** Keeps a post-login destination on this site: a path, never another origin. */
export function safeNextPath(next: unknown): string | null {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//')) return null;
  if (next.startsWith('/\\')) return null;
  return next;
}
