// A Web Storage stand-in for the client's unit tests (sessionStorage and localStorage keep the
// drafts: docs/decisions/036): a Map, with the Map itself exposed for a test to look into.
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}
