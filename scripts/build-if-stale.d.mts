export declare function buildIsStale(): boolean;
export declare function buildIfStale(options?: { quiet?: boolean }): boolean;
