/** heic-decode ships no types; this is the part of its API Redline uses. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray<ArrayBuffer>;
  }
  /** An image of the file, its size read from the header, its pixels not decoded until `decode`. */
  interface HeaderImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface Decode {
    all(input: { buffer: Buffer | ArrayBuffer }): Promise<HeaderImage[] & { dispose(): void }>;
  }
  const decode: Decode;
  export default decode;
}
