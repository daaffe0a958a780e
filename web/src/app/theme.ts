import { createTheme } from '@mantine/core';
import { readableColorVariables, readableVariantColors } from './theme-contrast';
import type {
  ButtonProps,
  CSSVariablesResolver,
  MantineColorsTuple,
  MantineTheme,
  PaginationProps,
} from '@mantine/core';

// The look of DESIGN.md: asphalt darks, an electric cyan for actions, a magenta for highlights.

/** Asphalt greys with a cool tint: 7 is the page, 6 the cards, 0 the text (dark scheme). */
const asphalt: MantineColorsTuple = [
  '#dfe3ea',
  '#c1c7d2',
  '#9aa3b2',
  '#6c7587',
  '#434b59',
  '#323945',
  '#232933',
  '#171b22',
  '#111419',
  '#0b0d11',
];

/** The action colour: buttons, prices, links, focus rings. */
const electric: MantineColorsTuple = [
  '#e0fcff',
  '#b8f5ff',
  '#8aeefe',
  '#5ae6fd',
  '#2edffc',
  '#00d8fb',
  '#00b5d6',
  '#008eaa',
  '#006a80',
  '#004756',
];

/** The highlight colour: Skin of the Month, NEW badges. */
const magenta: MantineColorsTuple = [
  '#ffe3f1',
  '#ffc2df',
  '#ff9ccb',
  '#ff7abb',
  '#ff5cae',
  '#ff3595',
  '#e00070',
  '#c20062',
  '#a3004f',
  '#6e0035',
];

/** Spec 4's olive for locked payouts, as a scale so its badges read in both schemes. */
const olive: MantineColorsTuple = [
  '#f7f9e6',
  '#eef2c8',
  '#dfe79c',
  '#cfdb6e',
  '#bfcf4a',
  '#b1c43c',
  '#a4b43c',
  '#8c9a30',
  '#6f7a24',
  '#4f5818',
];

export const COLOR_SCHEME_STORAGE_KEY = 'trackskins-color-scheme';

export const theme = createTheme({
  primaryColor: 'electric',
  // Shade 4 is bright on asphalt (with dark text); shade 8 keeps white text readable in light mode.
  primaryShade: { light: 8, dark: 4 },
  autoContrast: true,
  luminanceThreshold: 0.3,
  colors: { dark: asphalt, electric, magenta, olive },
  variantColorResolver: readableVariantColors,
  black: '#0b0d11',
  white: '#ffffff',
  fontFamily: '"Inter Variable", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  headings: {
    fontFamily: '"Titillium Web", "Segoe UI", system-ui, sans-serif',
    fontWeight: '700',
    sizes: {
      h1: { fontSize: '2.25rem', lineHeight: '1.15' },
      h2: { fontSize: '1.75rem', lineHeight: '1.2' },
      h3: { fontSize: '1.375rem', lineHeight: '1.25' },
    },
  },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  respectReducedMotion: true,
  defaultGradient: { from: 'electric.5', to: 'magenta.5', deg: 120 },
  components: {
    Container: { defaultProps: { size: 'xl' } },
    Button: {
      defaultProps: { fw: 700 },
      // Auto contrast picks the text colour from the light scheme's primary shade (a dark one), which
      // left white text on the bright dark-scheme cyan. Primary filled buttons take the per-scheme
      // contrast colour instead (dark text on cyan, white on the light scheme's teal).
      vars: (_theme: MantineTheme, props: ButtonProps) => ({
        root:
          props.color === undefined && (props.variant === undefined || props.variant === 'filled')
            ? { '--button-color': 'var(--mantine-primary-color-contrast)' }
            : {},
      }),
    },
    // The same for the current page of every pagination (its number was white on cyan).
    Pagination: {
      vars: (_theme: MantineTheme, props: PaginationProps) => ({
        root:
          props.color === undefined
            ? { '--pagination-active-color': 'var(--mantine-primary-color-contrast)' }
            : {},
      }),
    },
    Card: { defaultProps: { radius: 'md' } },
  },
});

const LIGHT_BODY = '#f6f7f9';

// Text contrast of at least 4.5:1: Mantine's light dimmed grey and dark placeholder are lighter, and
// its coloured texts (teal "Free", green "Sent", the "Completed" badge) miss it in one scheme or the
// other; every theme colour gets readable text, outline and badge colours for the surfaces it sits
// on (white cards and the light page; the dark scheme's cards, page and inputs).
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const readable = readableColorVariables(resolved.colors, {
    light: { shade: 8, surfaces: ['#ffffff', LIGHT_BODY] },
    dark: { shade: 4, surfaces: [asphalt[5], asphalt[6], asphalt[7], asphalt[8]] },
    black: resolved.black,
    white: resolved.white,
  });
  return {
    variables: {},
    light: {
      ...readable.light,
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
      '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
      '--mantine-color-body': LIGHT_BODY,
      // Field errors and invalid borders: Mantine's red 6 reads at 3.3:1 on white.
      '--mantine-color-error': readable.light['--mantine-color-red-text']!,
    },
    dark: {
      ...readable.dark,
      '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
      '--mantine-color-error': readable.dark['--mantine-color-red-text']!,
    },
  };
};
