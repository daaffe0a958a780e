import type { CatalogueChange } from '../graphql/response-cache';
import type { DownloadableSkin } from './skins.repository';

const MAX_ENTRIES = 5_000;

/**
 * The skins anonymous visitors download, by url: a download burst then costs no lookup query per
 * download. Exact in the same way as the response cache: any committed catalogue change (the
 * 'catalogue_changed' notice, migration 006) empties it, except notices that only download counters
 * moved; a lookup that ran while a change arrived is not kept; and nothing is served while the
 * notices are not heard.
 */
export class DownloadableSkinCache {
  private live = false;
  private version = 0;
  private readonly entries = new Map<string, DownloadableSkin>();
  hits = 0;

  invalidate(change: CatalogueChange = 'any'): void {
    if (change === 'downloads') return;
    this.version += 1;
    this.entries.clear();
  }

  setLive(live: boolean): void {
    this.live = live;
    this.invalidate();
  }

  /** The cached skin, or `load()`'s answer (kept when it found a skin and nothing changed meanwhile). */
  async get(url: string, load: () => Promise<DownloadableSkin | null>): Promise<DownloadableSkin | null> {
    const key = url.toLowerCase(); // urls are citext
    const hit = this.live ? this.entries.get(key) : undefined;
    if (hit) {
      this.hits += 1;
      return hit;
    }
    const version = this.version;
    const skin = await load();
    if (skin && this.live && version === this.version) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, skin);
    }
    return skin;
  }
}
