/**
 * One byte range of a `Range: bytes=…` header (RFC 9110 §14), for the local media route: Safari on
 * iOS plays a <video> only from a server that answers ranges (it first asks for `bytes=0-1`).
 * `null`: no range asked, or one this server may ignore (a malformed header, several ranges), so the
 * whole file is sent; `"unsatisfiable"`: a range that starts past the end (answered 416).
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (size === 0) return "unsatisfiable";
  if (from === "") {
    // The last `to` bytes.
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}
