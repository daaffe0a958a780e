// Spec 4: after a vote the stars lock for the rest of the browser session. The voted skins are kept
// per user in sessionStorage (in memory when storage is blocked).
const memory = new Map<string, string>();

function keyOf(userId: number): string {
  return `voted-skins:${userId}`;
}

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    memory.set(key, value);
  }
}

function votedIds(userId: number): string[] {
  try {
    const parsed: unknown = JSON.parse(read(keyOf(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function hasVotedThisSession(userId: number, skinId: string): boolean {
  return votedIds(userId).includes(skinId);
}

export function rememberVote(userId: number, skinId: string): void {
  const ids = votedIds(userId);
  if (!ids.includes(skinId)) write(keyOf(userId), JSON.stringify([...ids, skinId]));
}
