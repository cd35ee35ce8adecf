/**
 * Zips of photos as a dealer's computer makes them, and the crafted ones an attacker would send, for
 * the import's tests and its benchmark: written here byte by byte, so that a test can make an entry
 * lie about its size, claim a password or a compression no reader supports.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** The size its directory declares, when it should lie. */
  declaredSize?: number;
  encrypted?: boolean;
  /** 8 (deflate, the default), 0 (stored), or another a reader may not support. */
  method?: number;
}

/** The entries as a zip file: local headers and data, then the central directory. */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const method = entry.method ?? 8;
    const data = method === 8 ? deflateRawSync(entry.data) : entry.data;
    const name = Buffer.from(entry.name);
    // Bit 11: the name is UTF-8; bit 0: the data is encrypted.
    const flags = 0x0800 | (entry.encrypted ? 1 : 0);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(flags, at);
      header.writeUInt16LE(method, at + 2);
      header.writeUInt32LE(0, at + 4); // the time and date: 1980-00-00, no reader minds
      header.writeUInt32LE(crc32(entry.data), at + 8);
      header.writeUInt32LE(data.length, at + 12);
      header.writeUInt32LE(entry.declaredSize ?? entry.data.length, at + 16);
      header.writeUInt16LE(name.length, at + 20);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    fields(local, 6);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    fields(central, 8);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A JPEG photo as a camera saves one, about 0.3 bytes a pixel: gradients and grain, each seed its own. */
export function cameraJpeg(width = 2000, height = 1500, seed = 1): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < pixels.length; i += 1) {
    // xorshift: cheap, and each seed gives other pixels.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    pixels[i] = ((i / channels) % width) / (width / 200) + ((state >>> 0) & 55);
  }
  return sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality: 85 }).toBuffer();
}
