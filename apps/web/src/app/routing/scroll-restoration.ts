import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Where each visited entry of this tab's history was scrolled to, by location key, in memory: after a
 * reload, Back to an entry from before it starts at the top (the data router kept them in
 * sessionStorage).
 */
const positions = new Map<string, number>();

/**
 * What React Router's <ScrollRestoration> does for a data router: a new page starts at its top (or at
 * the element its #hash names), and Back or Forward returns to where that page was left. The first
 * render does not scroll: where a page load starts is the browser's.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const action = useNavigationType();
  const first = useRef(true);
  useLayoutEffect(() => {
    const saved = positions.get(location.key);
    if (first.current) first.current = false;
    else if (action === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else window.scrollTo(0, 0);
    const save = () => positions.set(location.key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [location.key, location.hash, action]);
}
