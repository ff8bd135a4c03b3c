// heic-decode ships no types: the part of its API the worker uses (heic-worker.ts).
declare module "heic-decode" {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface ImageHandle {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface Decode {
    (input: { buffer: ArrayBufferLike | Uint8Array }): Promise<DecodedImage>;
    /** Every top-level image, dimensions read, pixels decoded only on `decode()`; `dispose` frees them. */
    all(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<ImageHandle[] & { dispose(): void }>;
  }
  const decode: Decode;
  export default decode;
}
