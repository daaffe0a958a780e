import { useEffect } from 'react';
import { postJson } from '../http/post-json';

/**
 * Tells the server once that an item's page was opened (docs/statistics.md "Per item"): it adds
 * one to the item's count of the day and keeps nothing about who looked; bots and the item's own
 * author are not counted (the server decides, with the session cookie the request carries).
 */
export function useItemView(itemType: 'SKIN' | 'BUNDLE', itemId: string | number | null | undefined) {
  useEffect(() => {
    const id = Number(itemId);
    if (!Number.isSafeInteger(id) || id <= 0) return;
    void postJson('/api/item-views', { itemType, itemId: id });
  }, [itemType, itemId]);
}
