/** heic-decode ships no types; this is the part of its API Redline uses. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  export default function decode(input: { buffer: Buffer | ArrayBuffer }): Promise<DecodedImage>;
}
