import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { PricedSkin } from '../../../shared/skin-card';
import { skinsMessages as messages } from '../skins.messages';
import { SkinGetButton } from './skin-get-button';
import classes from './skin-sticky-bar.module.css';

/**
 * The phone's bottom bar with the skin's button. It shows while the card's own button
 * (`[data-skin-get-button]`) is off screen, so the two are never both in view; away, it is hidden
 * (not just moved), so keyboards and screen readers meet one button only.
 */
export function SkinStickyBar({ skin }: { skin: PricedSkin }) {
  const [cardButtonVisible, setCardButtonVisible] = useState(true);
  useEffect(() => {
    const target = document.querySelector('[data-skin-get-button]');
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) =>
      setCardButtonVisible(entry?.isIntersecting ?? true),
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [skin.id]);
  return (
    <aside
      className={classes.bar}
      aria-label={messages.stickyBar}
      data-away={cardButtonVisible ? true : undefined}
      data-testid="skin-sticky-bar"
    >
      <Text className={classes.title} fw={700} size="sm" truncate>
        {skin.title}
      </Text>
      <div className={classes.action}>
        <SkinGetButton skin={skin} size="md" />
      </div>
    </aside>
  );
}
