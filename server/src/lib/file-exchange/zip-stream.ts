import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/** One entry of a zip: its name, its date, and its bytes, opened only when its turn comes. */
export interface ZipEntry {
  name: string;
  date: Date;
  /** The bytes, or null when they are gone (the entry is then left out). */
  open(): Promise<Readable | null>;
}

const U32_MAX = 0xffffffff;
const U16_MAX = 0xffff;
/** Data descriptor (bit 3: sizes and CRC after the data) and UTF-8 names (bit 11). */
const FLAGS = 0x0008 | 0x0800;
const VERSION_NEEDED = 20;
const VERSION_ZIP64 = 45;
/** Made by Unix (3), spec version 4.5: the external attributes carry a Unix mode. */
const VERSION_MADE_BY = (3 << 8) | 45;
/** A regular file, rw-r--r--, as the external attributes' high word. */
const EXTERNAL_ATTRIBUTES = (0o100644 << 16) >>> 0;

/** The MS-DOS time and date of a zip header (local time, 2-second precision, 1980 at the earliest). */
function dosDateTime(date: Date): { time: number; date: number } {
  const d = Number.isNaN(date.getTime()) || date.getFullYear() < 1980 ? new Date(1980, 0, 1) : date;
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

interface Written {
  name: Buffer;
  time: number;
  date: number;
  crc: number;
  size: number;
  offset: number;
}

function localHeader(entry: Written): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION_NEEDED, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(0, 8); // stored: the bytes as they are
  header.writeUInt16LE(entry.time, 10);
  header.writeUInt16LE(entry.date, 12);
  // CRC and sizes are zero here: they follow the data, in the data descriptor.
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, entry.name]);
}

function dataDescriptor(entry: Written): Buffer {
  const zip64 = entry.size >= U32_MAX;
  const descriptor = Buffer.alloc(zip64 ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  if (zip64) {
    descriptor.writeBigUInt64LE(BigInt(entry.size), 8);
    descriptor.writeBigUInt64LE(BigInt(entry.size), 16);
  } else {
    descriptor.writeUInt32LE(entry.size, 8);
    descriptor.writeUInt32LE(entry.size, 12);
  }
  return descriptor;
}

function centralHeader(entry: Written): Buffer {
  const zip64 = entry.size >= U32_MAX || entry.offset >= U32_MAX;
  const extra = Buffer.alloc(zip64 ? 28 : 0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(entry.size), 4);
    extra.writeBigUInt64LE(BigInt(entry.size), 12);
    extra.writeBigUInt64LE(BigInt(entry.offset), 20);
  }
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(VERSION_MADE_BY, 4);
  header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_NEEDED, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(entry.time, 12);
  header.writeUInt16LE(entry.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(zip64 ? U32_MAX : entry.size, 20);
  header.writeUInt32LE(zip64 ? U32_MAX : entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // comment length, disk number, internal attributes: zero
  header.writeUInt32LE(EXTERNAL_ATTRIBUTES, 38);
  header.writeUInt32LE(zip64 ? U32_MAX : entry.offset, 42);
  return Buffer.concat([header, entry.name, extra]);
}

function endRecords(count: number, centralOffset: number, centralSize: number): Buffer {
  const zip64 = count >= U16_MAX || centralOffset >= U32_MAX || centralSize >= U32_MAX;
  const parts: Buffer[] = [];
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4); // the record's size after this field
    record.writeUInt16LE(VERSION_MADE_BY, 12);
    record.writeUInt16LE(VERSION_ZIP64, 14);
    // disk numbers: zero
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(centralSize), 40);
    record.writeBigUInt64LE(BigInt(centralOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(centralOffset + centralSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? U16_MAX : count, 8);
  end.writeUInt16LE(zip64 ? U16_MAX : count, 10);
  end.writeUInt32LE(zip64 ? U32_MAX : centralSize, 12);
  end.writeUInt32LE(zip64 ? U32_MAX : centralOffset, 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/**
 * A zip of `entries`, stored (no compression), made as it is read: each entry is opened when the
 * previous one is written, its bytes pass through as they come and their CRC-32 is computed on the
 * way (zlib's, native), then sizes and CRC follow in a data descriptor. Nothing is built before
 * sending; memory holds one chunk and the central directory's few bytes per entry. The entries may
 * come from an async iterable, read one at a time (a cursor over rows). ZIP64 records
 * are added only where a size or an offset needs them (a file of 4 GB or more, a zip past 4 GB,
 * 65,535 entries or more). Stopping the iteration (the client went away) closes the open entry.
 */
export async function* zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const source = await entry.open();
    if (!source) continue;
    try {
      const current: Written = { name: Buffer.from(entry.name, 'utf8'), ...dosDateTime(entry.date), crc: 0, size: 0, offset };
      const header = localHeader(current);
      offset += header.length;
      yield header;
      for await (const chunk of source as AsyncIterable<Buffer>) {
        current.crc = crc32(chunk, current.crc);
        current.size += chunk.length;
        offset += chunk.length;
        yield chunk;
      }
      const descriptor = dataDescriptor(current);
      offset += descriptor.length;
      yield descriptor;
      written.push(current);
    } finally {
      source.destroy();
    }
  }
  const central = Buffer.concat(written.map(centralHeader));
  yield Buffer.concat([central, endRecords(written.length, offset, central.length)]);
}
