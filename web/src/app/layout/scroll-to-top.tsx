import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every new page starts at the top (static pages included, spec 2.1). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
