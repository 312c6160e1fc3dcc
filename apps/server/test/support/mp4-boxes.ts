/**
 * A small reader of an MP4's boxes (ISO/IEC 14496-12), enough for tests to check what players and
 * messaging apps look at: the file type, where the index (moov) sits against the pictures (mdat),
 * the codec, the frame size, the frame count and the duration.
 */

export type Box = { type: string; start: number; size: number; body: Buffer };

/** Boxes whose body is only more boxes (and stsd, after its 8-byte header). */
const containers = new Set(["moov", "trak", "mdia", "minf", "stbl", "dinf", "edts"]);

/** The boxes directly inside `bytes`, in file order. */
export function readBoxes(bytes: Buffer, offset = 0): Box[] {
  const boxes: Box[] = [];
  let at = 0;
  while (at + 8 <= bytes.length) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = bytes.length - at;
    }
    if (size < header || at + size > bytes.length)
      throw new Error(`Box ${type} at ${offset + at} is cut short`);
    boxes.push({ type, start: offset + at, size, body: bytes.subarray(at + header, at + size) });
    at += size;
  }
  return boxes;
}

/** The first box along a path of types (`moov/trak/mdia/mdhd`), looking inside containers. */
export function findBox(bytes: Buffer, path: string): Box | null {
  const [first, ...rest] = path.split("/");
  const box = readBoxes(bytes).find((candidate) => candidate.type === first);
  if (!box || rest.length === 0) return box ?? null;
  if (!containers.has(box.type)) throw new Error(`${box.type} is not a container`);
  return findBox(box.body, rest.join("/"));
}

/** What a video player needs to know of a one-track MP4. */
export function describeMp4(bytes: Buffer) {
  const top = readBoxes(bytes);
  const ftyp = top.find((box) => box.type === "ftyp");
  const at = (type: string) => top.findIndex((box) => box.type === type);
  const stbl = findBox(bytes, "moov/trak/mdia/minf/stbl");
  const mdhd = findBox(bytes, "moov/trak/mdia/mdhd");
  const tkhd = findBox(bytes, "moov/trak/tkhd");
  if (!ftyp || !stbl || !mdhd || !tkhd) throw new Error("Not a one-track MP4");
  // stsd: version/flags (4), entry count (4), then the sample entries as boxes.
  const stsd = readBoxes(stbl.body).find((box) => box.type === "stsd");
  const [entry] = stsd ? readBoxes(stsd.body.subarray(8)) : [];
  // A visual sample entry: 6 reserved + 2 index + 16 predefined, then width and height, …, then
  // its own boxes (avcC) after 78 bytes.
  const avcC = entry ? readBoxes(entry.body.subarray(78)).find((box) => box.type === "avcC") : undefined;
  const stsz = readBoxes(stbl.body).find((box) => box.type === "stsz");
  // mdhd version 0: 4 flags, 4 created, 4 modified, 4 timescale, 4 duration.
  const mdhdVersion = mdhd.body.readUInt8(0);
  const timescale = mdhdVersion === 1 ? mdhd.body.readUInt32BE(20) : mdhd.body.readUInt32BE(12);
  const duration = mdhdVersion === 1 ? Number(mdhd.body.readBigUInt64BE(24)) : mdhd.body.readUInt32BE(16);
  // tkhd: width and height are the last 8 bytes, as 16.16 fixed point.
  const tkhdEnd = tkhd.body.length;
  return {
    topLevel: top.map((box) => box.type),
    majorBrand: ftyp.body.toString("latin1", 0, 4),
    compatibleBrands: Array.from({ length: (ftyp.body.length - 8) / 4 }, (_, index) =>
      ftyp.body.toString("latin1", 8 + index * 4, 12 + index * 4),
    ),
    moovBeforeMdat: at("moov") >= 0 && at("moov") < at("mdat"),
    codec: entry?.type ?? null,
    /** avcC: version, profile (66 Baseline, 77 Main, 100 High), compatibility, level. */
    profile: avcC ? avcC.body.readUInt8(1) : null,
    sampleEntrySize: entry
      ? { width: entry.body.readUInt16BE(24), height: entry.body.readUInt16BE(26) }
      : null,
    trackSize: {
      width: tkhd.body.readUInt32BE(tkhdEnd - 8) / 65536,
      height: tkhd.body.readUInt32BE(tkhdEnd - 4) / 65536,
    },
    frames: stsz ? stsz.body.readUInt32BE(8) : 0,
    durationMs: Math.round((duration * 1000) / timescale),
  };
}
