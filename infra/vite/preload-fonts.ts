import type { Plugin } from 'vite';

/**
 * Adds `<link rel=preload as=font>` to the built index.html for the font files the first paint needs,
 * so the browser fetches them with the stylesheet instead of after it (later text swaps shift the page).
 * `fonts` are the @fontsource file names without hash, e.g. 'inter-latin-wght-normal'.
 */
export function preloadFontsPlugin(fonts: readonly string[]): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {});
        return fonts.map((font) => {
          const file = files.find((name) => name.includes(`/${font}-`) && name.endsWith('.woff2'));
          if (!file)
            throw new Error(`preload-fonts: no built ${font}.woff2 (is its stylesheet still imported?)`);
          return {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
}
