/** Smoothly scrolls to a section (instantly when the visitor prefers less motion) and moves focus there. */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Screen readers continue from the section; preventScroll keeps the smooth scroll going.
  target.focus({ preventScroll: true });
}
