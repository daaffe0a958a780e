import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  readableColorVariables,
  readableOn,
  TEXT_CONTRAST,
  textOnFilled,
} from './theme-contrast';
import { theme } from './theme';

const WHITE = '#ffffff';
const LIGHT_BODY = '#f6f7f9';
const colors = { ...DEFAULT_THEME.colors, ...theme.colors } as typeof DEFAULT_THEME.colors;
const darkSurfaces = [colors.dark[5], colors.dark[6], colors.dark[7], colors.dark[8]];

const variables = readableColorVariables(colors, {
  light: { shade: 8, surfaces: [WHITE, LIGHT_BODY] },
  dark: { shade: 4, surfaces: darkSurfaces },
  black: '#0b0d11',
  white: WHITE,
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0ca678', '#0ca678')).toBe(1);
  });
});

describe('readableOn', () => {
  it('keeps a colour that already reads', () => {
    expect(readableOn('#006a80', [WHITE], 'dark')).toBe('#006a80');
  });

  it('darkens or lightens a colour until it reads on every background', () => {
    const teal = readableOn(colors.teal[8], [WHITE, colors.teal[1]], 'dark');
    expect(teal).not.toBe(colors.teal[8]);
    expect(contrastRatio(teal, WHITE)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(teal, colors.teal[1])).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    const grey = readableOn('#495057', darkSurfaces, 'light');
    for (const surface of darkSurfaces)
      expect(contrastRatio(grey, surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('textOnFilled', () => {
  it('picks the darker text on a bright fill and white on a deep one', () => {
    expect(textOnFilled(colors.magenta![4], '#0b0d11', WHITE)).toBe('#0b0d11');
    expect(textOnFilled(colors.magenta![8], '#0b0d11', WHITE)).toBe(WHITE);
  });
});

describe('the theme colours', () => {
  // The badges and texts that fell short: "Completed" (teal light badge), "Free" (teal text), "Sent"
  // (green), "Locked" (olive), the NEW badge (magenta filled) and the payout and order statuses.
  const names = ['teal', 'green', 'olive', 'yellow', 'orange', 'red', 'gray', 'magenta', 'electric'];

  it('give text, outline and light-badge colours of at least 4.5:1 in the light scheme', () => {
    for (const name of names) {
      const shades = colors[name]!;
      for (const role of ['text', 'outline', 'light-color']) {
        const value = variables.light[`--mantine-color-${name}-${role}`]!;
        for (const background of [WHITE, LIGHT_BODY, shades[1]])
          expect(contrastRatio(value, background), `${name} ${role} on ${background}`).toBeGreaterThanOrEqual(
            4.5,
          );
      }
    }
  });

  it('give text of at least 4.5:1 on the dark scheme surfaces and readable text on filled colours', () => {
    for (const name of names) {
      const shades = colors[name]!;
      const text = variables.dark[`--mantine-color-${name}-text`]!;
      for (const surface of darkSurfaces) expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(variables.dark[`--mantine-color-${name}-contrast`]!, shades[4]),
      ).toBeGreaterThanOrEqual(4.5);
    }
    expect(variables.dark['--mantine-color-magenta-contrast']).toBe('#0b0d11');
  });
});
