/** Replaces the whole page, so no query, socket or screen of the previous account survives. */
export function reloadAt(path: string): void {
  window.location.assign(path);
}
