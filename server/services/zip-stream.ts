import { pipeline } from 'node:stream/promises'
import { crc32, createDeflateRaw } from 'node:zlib'

/** One file of a ZIP: its path in the archive, its time, whether to deflate it, and its bytes as they are read. */
export interface ZipEntry {
  path: string
  mtime: Date
  compress: boolean
  bytes: () => AsyncIterable<Buffer> | Iterable<Buffer>
}

/** Version 2.0 (deflate, data descriptors); made on Unix (3), for the file mode in the external attributes. */
const VERSION_NEEDED = 20
const VERSION_MADE_BY = (3 << 8) | VERSION_NEEDED
/** Bit 3: sizes and CRC follow the data (a data descriptor); bit 11: the path is UTF-8. */
const FLAGS = 0x0008 | 0x0800
const STORE = 0
const DEFLATE = 8
/** A regular file, rw-r--r--. */
const FILE_MODE = (0o100644 << 16) >>> 0
/** Without ZIP64: an archive and each of its files stay under 4 GiB (an access package holds 100 MB). */
const MAX_ZIP_BYTES = 0xffff_ffff

/**
 * Issue 30 item 4: a ZIP written as its files are read, one piece at a time, never whole in memory. Each
 * file's CRC-32 is Node's own (zlib.crc32, native: a JavaScript CRC held the event loop some 13 ms per MB,
 * over a second per 100 MB package); deflating runs on libuv's thread pool. A consumer that stops early
 * (the requester left) closes the file being read. Readers: any unzip (the tests read it with yauzl).
 */
export async function* zipStream(entries: readonly ZipEntry[]): AsyncGenerator<Buffer> {
  const central: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.path, 'utf8')
    const method = entry.compress ? DEFLATE : STORE
    const { time, date } = dosTime(entry.mtime)
    const header = Buffer.alloc(30)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(VERSION_NEEDED, 4)
    header.writeUInt16LE(FLAGS, 6)
    header.writeUInt16LE(method, 8)
    header.writeUInt16LE(time, 10)
    header.writeUInt16LE(date, 12)
    header.writeUInt16LE(name.length, 26)
    yield Buffer.concat([header, name])
    const sum = { crc: 0, size: 0, written: 0 }
    const plain = counted(entry.bytes(), sum)
    for await (const piece of entry.compress ? deflated(plain) : plain) {
      sum.written += piece.length
      yield piece
    }
    if (offset + 30 + name.length + sum.written > MAX_ZIP_BYTES) throw new Error('The ZIP would pass 4 GiB')
    const descriptor = Buffer.alloc(16)
    descriptor.writeUInt32LE(0x08074b50, 0)
    descriptor.writeUInt32LE(sum.crc, 4)
    descriptor.writeUInt32LE(sum.written, 8)
    descriptor.writeUInt32LE(sum.size, 12)
    yield descriptor
    central.push(centralRecord({ name, method, time, date, ...sum, offset }))
    offset += header.length + name.length + sum.written + descriptor.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  yield Buffer.concat([directory, end])
}

/** A file's entry in the central directory, which repeats its header with the sizes and CRC known. */
function centralRecord(file: {
  name: Buffer
  method: number
  time: number
  date: number
  crc: number
  size: number
  written: number
  offset: number
}): Buffer {
  const record = Buffer.alloc(46)
  record.writeUInt32LE(0x02014b50, 0)
  record.writeUInt16LE(VERSION_MADE_BY, 4)
  record.writeUInt16LE(VERSION_NEEDED, 6)
  record.writeUInt16LE(FLAGS, 8)
  record.writeUInt16LE(file.method, 10)
  record.writeUInt16LE(file.time, 12)
  record.writeUInt16LE(file.date, 14)
  record.writeUInt32LE(file.crc, 16)
  record.writeUInt32LE(file.written, 20)
  record.writeUInt32LE(file.size, 24)
  record.writeUInt16LE(file.name.length, 28)
  record.writeUInt32LE(FILE_MODE, 38)
  record.writeUInt32LE(file.offset, 42)
  return Buffer.concat([record, file.name])
}

/** The bytes as they pass, with their CRC-32 and their count kept in `sum`. */
async function* counted(bytes: AsyncIterable<Buffer> | Iterable<Buffer>, sum: { crc: number; size: number }) {
  for await (const piece of bytes) {
    sum.crc = crc32(piece, sum.crc)
    sum.size += piece.length
    yield piece
  }
}

/** The bytes deflated (raw, as a ZIP holds them); a source that fails fails the whole. */
async function* deflated(bytes: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const deflate = createDeflateRaw()
  const feeding = pipeline(bytes, deflate).then(
    () => null,
    (error: unknown) => error,
  )
  try {
    for await (const piece of deflate) yield piece as Buffer
  } finally {
    // Stopped early by the consumer (the source closes then), or failed (the loop's own error goes on).
    deflate.destroy()
  }
  const failure = await feeding
  if (failure) throw failure
}

/** MS-DOS date and time (local, two-second steps), as ZIP headers keep them. */
function dosTime(at: Date) {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: (Math.max(at.getFullYear() - 1980, 0) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  }
}
