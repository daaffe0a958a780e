import { darken, defaultVariantColorsResolver, lighten, luminance, parseThemeColor } from '@mantine/core';
import type { MantineColorsTuple, VariantColorsResolver } from '@mantine/core';

// Mantine derives text colours from fixed shades (the light scheme's "teal" text is shade 8, its light
// badges shade 9 on shade 1): several of them miss WCAG AA's 4.5:1. These helpers move a colour just
// far enough towards black or white for every background it is drawn on, so the theme stays the
// source of readable colours instead of one-off fixes in components.

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** AA for normal text, with a little room for rounding in browsers and checkers. */
export const TEXT_CONTRAST = 4.6;

/**
 * The colour itself when it reads on every background, otherwise the colour darkened (or lightened)
 * step by step until it does; black or white as the last resort.
 */
export function readableOn(
  color: string,
  backgrounds: readonly string[],
  towards: 'dark' | 'light',
  ratio = TEXT_CONTRAST,
): string {
  const reads = (candidate: string) =>
    backgrounds.every((background) => contrastRatio(candidate, background) >= ratio);
  for (let step = 0; step <= 20; step++) {
    const candidate =
      step === 0 ? color : towards === 'dark' ? darken(color, step * 0.05) : lighten(color, step * 0.05);
    if (reads(candidate)) return candidate;
  }
  return towards === 'dark' ? '#000000' : '#ffffff';
}

/** Black or white, whichever reads better on a filled background. */
export function textOnFilled(background: string, black: string, white: string): string {
  return contrastRatio(background, black) >= contrastRatio(background, white) ? black : white;
}

export interface SchemeSurfaces {
  light: { shade: number; surfaces: readonly string[] };
  dark: { shade: number; surfaces: readonly string[] };
  black: string;
  white: string;
}

/**
 * Per-scheme CSS variables that make every theme colour's text readable: `-text` (Text c="teal"),
 * `-outline` (outline buttons and badges), `-light-color` (light badges, alerts) and `-contrast`
 * (text on a filled button or badge, used by `readableVariantColors`).
 */
export function readableColorVariables(colors: Record<string, MantineColorsTuple>, surfaces: SchemeSurfaces) {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    const onLight = [...surfaces.light.surfaces, shades[1]];
    const lightText = readableOn(shades[surfaces.light.shade]!, onLight, 'dark');
    light[`--mantine-color-${name}-text`] = lightText;
    light[`--mantine-color-${name}-outline`] = lightText;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], onLight, 'dark');
    light[`--mantine-color-${name}-contrast`] = textOnFilled(
      shades[surfaces.light.shade]!,
      surfaces.black,
      surfaces.white,
    );

    const darkText = readableOn(shades[4], surfaces.dark.surfaces, 'light');
    dark[`--mantine-color-${name}-text`] = darkText;
    dark[`--mantine-color-${name}-light-color`] = readableOn(
      shades[0],
      [...surfaces.dark.surfaces, darken(shades[9], 0.5)],
      'light',
    );
    dark[`--mantine-color-${name}-contrast`] = textOnFilled(
      shades[surfaces.dark.shade]!,
      surfaces.black,
      surfaces.white,
    );
  }
  return { light, dark };
}

/**
 * Mantine's variant colours, except that text on a filled theme colour is the per-scheme contrast
 * colour: auto contrast picks it from one shade for both schemes (white on the dark scheme's bright
 * magenta NEW badge, 2.8:1).
 */
export const readableVariantColors: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled' || input.color === undefined) return resolved;
  const parsed = parseThemeColor({ color: input.color, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return resolved;
  return { ...resolved, color: `var(--mantine-color-${parsed.color}-contrast)` };
};
