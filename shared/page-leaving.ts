// Set on <html> by the early-input script (server/platform/http/early-input.ts) when it sends a
// form the server answers and stops the page's downloads: from then on the page is being left,
// and a chunk that failed because of that stop is no new deploy (client/src/app/lazy-page.tsx),
// docs/decisions/111-a-page-being-left-does-not-reload.md.
export const PAGE_LEAVING_ATTRIBUTE = "data-leaving";
