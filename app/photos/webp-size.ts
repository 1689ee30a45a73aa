// The dimensions of a WebP file, read from its header. The Images binding's answer is checked with this before
// anything is stored: wrangler's local emulation answers an image it failed to encode with an empty body instead
// of an error, and a cut-off file must never reach R2.

export interface ImageSize {
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** Width and height of a complete WebP file (its RIFF length matches its size), else null. */
export function readWebpSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== "RIFF" || ascii(bytes, 8, 4) !== "WEBP") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(4, true) + 8 !== bytes.length) return null;
  const uint24 = (at: number) => view.getUint16(at, true) | (view.getUint8(at + 2) << 16);
  switch (ascii(bytes, 12, 4)) {
    // Lossy: a key frame starts with the start code 9d 01 2a, then 14-bit width and height.
    case "VP8 ":
      if (view.getUint8(23) !== 0x9d || view.getUint8(24) !== 0x01 || view.getUint8(25) !== 0x2a) return null;
      return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    // Lossless: signature 2f, then width − 1 and height − 1 in 14 bits each.
    case "VP8L": {
      if (view.getUint8(20) !== 0x2f) return null;
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    // Extended (alpha, animation, metadata): canvas width − 1 and height − 1 in 24 bits each.
    case "VP8X":
      return { width: uint24(24) + 1, height: uint24(27) + 1 };
    default:
      return null;
  }
}
