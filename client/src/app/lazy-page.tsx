// Code-splits a page: the component it returns loads its chunk on first render and shows a
// quiet placeholder meanwhile, so route tables can use it like any other page component.
// `preload()` fetches the chunk ahead; once loaded, the page renders at once, without the
// placeholder (main.tsx relies on that to swap the build-time HTML for the same page).
import { lazy, Suspense, useState, type ComponentType } from "react";
import { PAGE_LEAVING_ATTRIBUTE } from "@shared/page-leaving";

const RELOADED_KEY = "lazy-page-reloaded";

/**
 * After a new deploy the old hashed chunk is gone and its import fails; the page then
 * reloads once to pick up the new index.html. A second failure is a real error. On a page
 * being left (a form the server answers was sent and the page's downloads stopped for it) the
 * failure is that stop's and stays one: a reload would replace the form's own navigation
 * (docs/decisions/111-a-page-being-left-does-not-reload.md).
 */
async function loadOrReload(load: () => Promise<ComponentType>) {
  try {
    const component = await load();
    // No sessionStorage when the page is rendered at build time (scripts/prerender.ts).
    globalThis.sessionStorage?.removeItem(RELOADED_KEY);
    return component;
  } catch (err) {
    if (document.documentElement.hasAttribute(PAGE_LEAVING_ATTRIBUTE) || sessionStorage.getItem(RELOADED_KEY)) throw err;
    sessionStorage.setItem(RELOADED_KEY, "1");
    window.location.reload();
    return new Promise<never>(() => {});
  }
}

export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= loadOrReload(load).then((component) => {
      loaded = component;
      return component;
    }));
  const Page = lazy(() => preload().then((component) => ({ default: component })));
  function LazyPage() {
    // Chosen once per mount: switching between the two would remount the page and lose its state.
    const [Loaded] = useState(() => loaded);
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<div className="flex min-h-dvh items-center justify-center" aria-busy="true" aria-label="Loading page" />}>
        <Page />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload });
}
