// Code-splits a page: the component it returns loads its chunk on first render and shows a
// quiet placeholder meanwhile, so route tables can use it like any other page component.
import { lazy, Suspense, type ComponentType } from "react";

const RELOADED_KEY = "lazy-page-reloaded";

/**
 * After a new deploy the old hashed chunk is gone and its import fails; the page then
 * reloads once to pick up the new index.html. A second failure is a real error.
 */
async function loadOrReload(load: () => Promise<ComponentType>) {
  try {
    const component = await load();
    sessionStorage.removeItem(RELOADED_KEY);
    return { default: component };
  } catch (err) {
    if (sessionStorage.getItem(RELOADED_KEY)) throw err;
    sessionStorage.setItem(RELOADED_KEY, "1");
    window.location.reload();
    return new Promise<never>(() => {});
  }
}

export function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(() => loadOrReload(load));
  return function LazyPage() {
    return (
      <Suspense fallback={<div className="flex min-h-dvh items-center justify-center" aria-busy="true" aria-label="Loading page" />}>
        <Page />
      </Suspense>
    );
  };
}
