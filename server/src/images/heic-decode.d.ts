declare module 'heic-decode' {
  type DecodedImage = { width: number; height: number; data: Uint8ClampedArray };
  type HeicImage = { width: number; height: number; decode(): Promise<DecodedImage> };
  const decode: ((options: { buffer: Uint8Array }) => Promise<DecodedImage>) & {
    all(options: { buffer: Uint8Array }): Promise<HeicImage[] & { dispose(): void }>;
  };
  export default decode;
}
