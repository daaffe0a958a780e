import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** The PNG sizes of the app icon that the web app manifest names (installable apps need 192 and 512). */
export const APP_ICON_SIZES = [192, 512] as const;

export const appIconPath = (size: number) => `/icons/icon-${size}.png`;

/** Renders the built favicon.svg as the manifest's PNG icons (icons/icon-{size}.png in the build). */
export async function writeAppIcons(distDir: string): Promise<void> {
  const svg = await fs.readFile(path.join(distDir, 'favicon.svg'));
  await fs.mkdir(path.join(distDir, 'icons'), { recursive: true });
  for (const size of APP_ICON_SIZES) {
    await sharp(svg, { density: Math.ceil((72 * size) / 64) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(path.join(distDir, appIconPath(size)));
  }
}
