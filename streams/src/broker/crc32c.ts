/**
 * CRC-32C (Castagnoli), slicing-by-8. Node has no built-in for it; RecordBatch
 * v2 uses it over bytes 21.. of each batch. Used to reject corrupt batches on
 * produce and to find a torn tail on recovery.
 */
const POLY = 0x82f63b78;
const T = new Int32Array(256 * 8);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
  T[n] = c;
}
for (let n = 0; n < 256; n++) {
  let c = T[n]!;
  for (let k = 1; k < 8; k++) {
    c = T[c & 0xff]! ^ (c >>> 8);
    T[k * 256 + n] = c;
  }
}

export function crc32c(buf: Buffer, start = 0, end = buf.length): number {
  let crc = ~0;
  let i = start;
  const t = T;
  for (; i + 8 <= end; i += 8) {
    crc ^= buf[i]! | (buf[i + 1]! << 8) | (buf[i + 2]! << 16) | (buf[i + 3]! << 24);
    crc =
      t[1792 + (crc & 0xff)]! ^
      t[1536 + ((crc >>> 8) & 0xff)]! ^
      t[1280 + ((crc >>> 16) & 0xff)]! ^
      t[1024 + (crc >>> 24)]! ^
      t[768 + buf[i + 4]!]! ^
      t[512 + buf[i + 5]!]! ^
      t[256 + buf[i + 6]!]! ^
      t[buf[i + 7]!]!;
  }
  for (; i < end; i++) crc = t[(crc ^ buf[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}
