// The stage cards' chunk (docs/decisions/113-the-dashboards-first-load.md): the board loads it when
// a stage's tab first shows, and the dashboard asks for it once its first screen is in, so the
// Purchased tab a sale opens on has its cards ready.
export const loadStageCard = () => import("./components/StageCard");
