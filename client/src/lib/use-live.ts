import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the HTML rendered at build time and during hydration, true once the app renders in
 * the browser. A control the app disables (an empty search) must stay tappable in the build-time
 * HTML: a tap there is kept and carried out once the app is live (docs/decisions/036).
 */
export const useLive = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
