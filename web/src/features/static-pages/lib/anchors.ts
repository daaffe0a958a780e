import { useEffect } from 'react';
import { useLocation } from 'react-router';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Scrolls to the element with `id`, moves keyboard focus to its heading and, when asked, puts `#id` in
 * the address bar (keeping the router's history state) so the link can be shared.
 */
export function scrollToAnchor(id: string, updateUrl: boolean): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  const focusable = target.matches('[tabindex]')
    ? target
    : (target.querySelector<HTMLElement>('[tabindex="-1"]') ??
      target.querySelector<HTMLElement>('button, a[href]'));
  focusable?.focus({ preventScroll: true });
  if (updateUrl) window.history.replaceState(window.history.state, '', `#${encodeURIComponent(id)}`);
  return true;
}

/** On opening a page with `#id` in the URL, scroll to that anchor once the page has rendered. */
export function useScrollToHash(): string {
  const { hash } = useLocation();
  const id = hash ? decodeURIComponent(hash.slice(1)) : '';
  useEffect(() => {
    if (!id) return undefined;
    // Wait a moment: the app's scroll-to-top on navigation runs after this page's effects.
    const timer = window.setTimeout(() => scrollToAnchor(id, false), 80);
    return () => window.clearTimeout(timer);
  }, [id]);
  return id;
}
