import { Stack, Text } from '@mantine/core';
import { DeferredTooltip } from '../../../shared/ui/deferred-tooltip';
import { Link } from 'react-router';
import { skinsMessages } from '../skins.messages';
import classes from './color-variations.module.css';

export interface ColorVariationLink {
  id: string;
  url: string;
  title: string;
  colors: readonly string[];
}

const HEX_COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Only hex colours (#rgb, #rrggbb, #rrggbbaa, the # optional) reach the style attribute. */
function safeColors(colors: readonly (string | null | undefined)[]): string[] {
  return colors.flatMap((color) => {
    const hex = HEX_COLOR.exec(color?.trim() ?? '')?.[1];
    return hex ? [`#${hex}`] : [];
  });
}

function Swatches({ colors }: { colors: readonly string[] }) {
  return (
    <>
      {colors.map((color, index) => (
        <span
          key={`${color}-${index}`}
          className={classes.swatch}
          style={{ backgroundColor: color }}
          aria-hidden
        />
      ))}
    </>
  );
}

export interface ColorVariationsProps {
  /** The skin on screen, marked as the current one. */
  current: { title: string; colors: readonly (string | null | undefined)[] };
  variations: readonly ColorVariationLink[];
}

/** The same skin in other colours (spec 2.7): a swatch pill per variation, each a link to that skin. */
export function ColorVariations({ current, variations }: ColorVariationsProps) {
  const currentColors = safeColors(current.colors);
  const others = variations
    .map((variation) => ({ ...variation, colors: safeColors(variation.colors) }))
    .filter((variation) => variation.colors.length > 0);
  if (others.length === 0) return null;

  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id="color-variations-title">
        {skinsMessages.colorVariations}
      </Text>
      <ul className={classes.list} aria-labelledby="color-variations-title">
        {currentColors.length > 0 ? (
          <li>
            <DeferredTooltip label={skinsMessages.thisVariation(current.title)} withArrow>
              <span
                className={classes.variation}
                aria-current="page"
                role="img"
                aria-label={skinsMessages.thisVariation(current.title)}
              >
                <Swatches colors={currentColors} />
              </span>
            </DeferredTooltip>
          </li>
        ) : null}
        {others.map((variation) => (
          <li key={variation.id}>
            <DeferredTooltip label={variation.title} withArrow>
              <Link
                to={`/skins/${encodeURIComponent(variation.url)}`}
                className={classes.variation}
                aria-label={variation.title}
              >
                <Swatches colors={variation.colors} />
              </Link>
            </DeferredTooltip>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
