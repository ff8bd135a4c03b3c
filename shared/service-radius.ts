// The service radius choices (docs/product.md section 9), without Zod: the dashboard's first load
// reads the default, and the schemas of shared/auth.ts check a radius against the same list
// (docs/decisions/118-zod-out-of-the-dashboards-first-load.md).

/** Service radius options in km; 20 is the default. */
export const SERVICE_RADIUS_OPTIONS = [5, 10, 15, 20, 25, 30, 50, 100] as const;
export const DEFAULT_SERVICE_RADIUS = 20;
