import zlib from "node:zlib";
import sharp from "sharp";

/**
 * Images for the logo tests. Real small ones are made with sharp; the huge ones are a small image
 * whose header claims other dimensions (what a decompression bomb looks like to a header reader):
 * 30,000 × 30,000 pixels in a few hundred bytes.
 */

/** A real PNG of the size, with a claimed size instead when `claim` is given (the IHDR rewritten, its CRC too). */
export async function pngOf(width: number, height: number, claim?: { width: number; height: number }) {
  const bytes = Buffer.from(
    await sharp({ create: { width, height, channels: 4, background: { r: 79, g: 70, b: 229, alpha: 1 } } })
      .png()
      .toBuffer(),
  );
  if (claim) {
    // Signature (8), then the IHDR chunk: length (4), "IHDR" (4), width, height, … and its CRC.
    bytes.writeUInt32BE(claim.width, 16);
    bytes.writeUInt32BE(claim.height, 20);
    bytes.writeUInt32BE(zlib.crc32(bytes.subarray(12, 29)) >>> 0, 29);
  }
  return new Uint8Array(bytes);
}

/** A real JPEG of the size, its start-of-frame claiming `claim` instead when given. */
export async function jpegOf(width: number, height: number, claim?: { width: number; height: number }) {
  const bytes = Buffer.from(
    await sharp({ create: { width, height, channels: 3, background: "#4f46e5" } })
      .jpeg()
      .toBuffer(),
  );
  if (claim) {
    const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
    bytes.writeUInt16BE(claim.height, sof + 5);
    bytes.writeUInt16BE(claim.width, sof + 7);
  }
  return new Uint8Array(bytes);
}

/** A real lossless WebP of the size, its VP8L header claiming `claim` instead when given (at most 16,383 a side). */
export async function webpOf(width: number, height: number, claim?: { width: number; height: number }) {
  const bytes = Buffer.from(
    await sharp({ create: { width, height, channels: 3, background: "#4f46e5" } })
      .webp({ lossless: true })
      .toBuffer(),
  );
  if (claim) {
    // RIFF (12), "VP8L" and its size (8), the signature byte 0x2f, then 14 bits of width − 1 and of height − 1.
    const at = 21;
    const rest = bytes.readUInt32LE(at) & ~0x0fffffff;
    bytes.writeUInt32LE((rest | (claim.width - 1) | ((claim.height - 1) << 14)) >>> 0, at);
  }
  return new Uint8Array(bytes);
}
