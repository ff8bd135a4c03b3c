// Types of page-chunks.mjs, plain JavaScript so that .size-limit.js can import it without a TypeScript loader.
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const CLIENT_DIR: string;
export const LANDING_PAGES: { path: string; module: string }[];
export function readManifest(): Manifest;
export function pageFiles(manifest: Manifest, module: string): string[];
