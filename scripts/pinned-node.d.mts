export declare const PINNED_NODE: string;
export declare function checkPinnedNode(version?: string): string;
