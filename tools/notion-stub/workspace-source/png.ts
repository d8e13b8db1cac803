/**
 * Draws the workspace's images (images.ts) and encodes them as PNG with no library at all — not sharp, not even
 * node:zlib — so the bytes depend only on this file: the same on every machine, Node version and CPU (zlib builds
 * with SIMD hashing can compress differently). Only +, -, *, / and Math.sqrt are used, which IEEE 754 fixes exactly.
 *
 * Drawing: shapes are signed-distance functions, anti-aliased by coverage = clamp(0.5 − distance). Encoding: RGB or
 * RGBA (RGBA only when a pixel isn't opaque), a per-row filter chosen by the usual minimum-sum heuristic, one
 * deflate block with the fixed Huffman code and hash-chain LZ77.
 */

export type Point = [number, number];
export type Shape =
  /** A 45° gradient over the whole image, top-left colour to bottom-right colour. */
  | { kind: "gradient"; from: string; to: string }
  | { kind: "fill"; color: string }
  | { kind: "rect"; x: number; y: number; w: number; h: number; r?: number; color: string; opacity?: number }
  | { kind: "circle"; cx: number; cy: number; r: number; color: string; opacity?: number }
  /** A circle's outline, `width` wide. */
  | { kind: "ring"; cx: number; cy: number; r: number; width: number; color: string; opacity?: number }
  | { kind: "polygon"; points: Point[]; color: string; opacity?: number }
  /** A stroked polyline with round caps and joins. */
  | { kind: "line"; points: Point[]; width: number; color: string; opacity?: number };

export type ImageSource = { width: number; height: number; shapes: Shape[] };

function rgb(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`bad colour ${hex}`);
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const len = (x: number, y: number) => Math.sqrt(x * x + y * y);

function segmentDistance(px: number, py: number, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  let t = l2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / l2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  return len(px - (ax + t * dx), py - (ay + t * dy));
}

/** Signed distance from a pixel centre to the shape's edge (negative inside), and the box worth visiting. */
function geometry(shape: Exclude<Shape, { kind: "gradient" | "fill" }>): { sdf: (x: number, y: number) => number; box: [number, number, number, number] } {
  switch (shape.kind) {
    case "rect": {
      const r = shape.r ?? 0;
      const hw = shape.w / 2;
      const hh = shape.h / 2;
      const cx = shape.x + hw;
      const cy = shape.y + hh;
      return {
        sdf: (x, y) => {
          const qx = Math.abs(x - cx) - hw + r;
          const qy = Math.abs(y - cy) - hh + r;
          return len(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
        },
        box: [shape.x, shape.y, shape.x + shape.w, shape.y + shape.h],
      };
    }
    case "circle":
      return { sdf: (x, y) => len(x - shape.cx, y - shape.cy) - shape.r, box: [shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r] };
    case "ring": {
      const outer = shape.r + shape.width / 2;
      return {
        sdf: (x, y) => Math.abs(len(x - shape.cx, y - shape.cy) - shape.r) - shape.width / 2,
        box: [shape.cx - outer, shape.cy - outer, shape.cx + outer, shape.cy + outer],
      };
    }
    case "polygon": {
      const pts = shape.points;
      return {
        sdf: (x, y) => {
          let d = Infinity;
          let inside = false;
          for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
            const [xi, yi] = pts[i]!;
            const [xj, yj] = pts[j]!;
            d = Math.min(d, segmentDistance(x, y, pts[j]!, pts[i]!));
            if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
          }
          return inside ? -d : d;
        },
        box: boundsOf(pts, 0),
      };
    }
    case "line": {
      const pts = shape.points;
      return {
        sdf: (x, y) => {
          let d = Infinity;
          for (let i = 1; i < pts.length; i++) d = Math.min(d, segmentDistance(x, y, pts[i - 1]!, pts[i]!));
          return d - shape.width / 2;
        },
        box: boundsOf(pts, shape.width / 2),
      };
    }
  }
}

function boundsOf(points: Point[], pad: number): [number, number, number, number] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad];
}

/** Rasterises the shapes in order (source-over) into 8-bit RGBA. */
export function draw({ width, height, shapes }: ImageSource): Uint8Array {
  const px = new Float64Array(width * height * 4); // r, g, b in 0..255, alpha in 0..1
  const blend = (i: number, [r, g, b]: [number, number, number], a: number) => {
    if (a <= 0) return;
    const da = px[i + 3]!;
    const oa = a + da * (1 - a);
    px[i] = (r * a + px[i]! * da * (1 - a)) / oa;
    px[i + 1] = (g * a + px[i + 1]! * da * (1 - a)) / oa;
    px[i + 2] = (b * a + px[i + 2]! * da * (1 - a)) / oa;
    px[i + 3] = oa;
  };
  for (const shape of shapes) {
    if (shape.kind === "gradient" || shape.kind === "fill") {
      const from = rgb(shape.kind === "fill" ? shape.color : shape.from);
      const to = rgb(shape.kind === "fill" ? shape.color : shape.to);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          // 45° bands: row y + 1 is row y moved one pixel, which LZ77 compresses to almost nothing.
          const t = (x + y) / (width + height - 2);
          blend((y * width + x) * 4, [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t, from[2] + (to[2] - from[2]) * t], 1);
        }
      }
      continue;
    }
    const color = rgb(shape.color);
    const opacity = shape.opacity ?? 1;
    const { sdf, box } = geometry(shape);
    const x0 = Math.max(0, Math.floor(box[0]) - 1);
    const y0 = Math.max(0, Math.floor(box[1]) - 1);
    const x1 = Math.min(width - 1, Math.ceil(box[2]) + 1);
    const y1 = Math.min(height - 1, Math.ceil(box[3]) + 1);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const coverage = 0.5 - sdf(x + 0.5, y + 0.5);
        if (coverage > 0) blend((y * width + x) * 4, color, (coverage > 1 ? 1 : coverage) * opacity);
      }
    }
  }
  const out = new Uint8Array(width * height * 4);
  for (let i = 0; i < px.length; i += 4) {
    out[i] = Math.round(px[i]!);
    out[i + 1] = Math.round(px[i + 1]!);
    out[i + 2] = Math.round(px[i + 2]!);
    out[i + 3] = Math.round(px[i + 3]! * 255);
  }
  return out;
}

// ---- PNG ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Filtered scanlines: each row gets the filter (0–4) whose bytes have the smallest sum of absolute values. */
function filterRows(rgba: Uint8Array, width: number, height: number, channels: 3 | 4): Uint8Array {
  const stride = width * channels;
  const raw = new Uint8Array(stride * height);
  for (let p = 0, q = 0; p < rgba.length; p += 4) {
    raw[q++] = rgba[p]!;
    raw[q++] = rgba[p + 1]!;
    raw[q++] = rgba[p + 2]!;
    if (channels === 4) raw[q++] = rgba[p + 3]!;
  }
  const out = new Uint8Array((stride + 1) * height);
  const candidate = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    let bestScore = Infinity;
    for (let f = 0; f <= 4; f++) {
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= channels ? raw[row + i - channels]! : 0;
        const b = y > 0 ? raw[row - stride + i]! : 0;
        const c = i >= channels && y > 0 ? raw[row - stride + i - channels]! : 0;
        let pred = 0;
        if (f === 1) pred = a;
        else if (f === 2) pred = b;
        else if (f === 3) pred = (a + b) >> 1;
        else if (f === 4) {
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
        }
        const v = (raw[row + i]! - pred) & 255;
        candidate[i] = v;
        score += v < 128 ? v : 256 - v;
      }
      if (score < bestScore) {
        bestScore = score;
        out[y * (stride + 1)] = f;
        out.set(candidate, y * (stride + 1) + 1);
      }
    }
  }
  return out;
}

class BitWriter {
  private bytes: number[] = [];
  private acc = 0;
  private count = 0;
  /** `n` bits of `value`, least significant first (deflate's order for everything but Huffman codes). */
  bits(value: number, n: number): void {
    for (let i = 0; i < n; i++) this.bit((value >>> i) & 1);
  }
  /** A Huffman code: most significant bit first. */
  code(value: number, n: number): void {
    for (let i = n - 1; i >= 0; i--) this.bit((value >>> i) & 1);
  }
  private bit(b: number): void {
    this.acc |= b << this.count;
    if (++this.count === 8) {
      this.bytes.push(this.acc);
      this.acc = 0;
      this.count = 0;
    }
  }
  finish(): Uint8Array {
    if (this.count) this.bytes.push(this.acc);
    return Uint8Array.from(this.bytes);
  }
}

const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DIST_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];

function fixedSymbol(out: BitWriter, sym: number): void {
  if (sym < 144) out.code(0x30 + sym, 8);
  else if (sym < 256) out.code(0x190 + sym - 144, 9);
  else if (sym < 280) out.code(sym - 256, 7);
  else out.code(0xc0 + sym - 280, 8);
}

function lastIndexAtMost(table: number[], value: number): number {
  let i = table.length - 1;
  while (table[i]! > value) i--;
  return i;
}

/**
 * zlib stream: one final fixed-Huffman block, greedy LZ77 over a 32 KiB window with hash chains. `distances` are
 * tried at every position besides the chain (for images: about one row back, where the likeliest match is).
 */
export function deflate(data: Uint8Array, distances: number[] = []): Uint8Array {
  const out = new BitWriter();
  out.bits(1, 1); // BFINAL
  out.bits(1, 2); // BTYPE = fixed Huffman
  const HASH = 1 << 15;
  const head = new Int32Array(HASH).fill(-1);
  const prev = new Int32Array(data.length).fill(-1);
  const hashAt = (i: number) => ((data[i]! << 10) ^ (data[i + 1]! << 5) ^ data[i + 2]!) & (HASH - 1);
  const insert = (i: number) => {
    if (i + 2 >= data.length) return;
    const h = hashAt(i);
    prev[i] = head[h]!;
    head[h] = i;
  };
  let i = 0;
  while (i < data.length) {
    let bestLen = 0;
    let bestDist = 0;
    if (i + 2 < data.length) {
      const max = Math.min(258, data.length - i);
      const tryAt = (j: number) => {
        let l = 0;
        while (l < max && data[j + l] === data[i + l]) l++;
        if (l > bestLen) {
          bestLen = l;
          bestDist = i - j;
        }
      };
      let j = head[hashAt(i)]!;
      for (let chain = 0; j >= 0 && i - j <= 32768 && chain < 64 && bestLen < max; chain++, j = prev[j]!) tryAt(j);
      for (const d of distances) if (d <= i && d <= 32768 && bestLen < max) tryAt(i - d);
    }
    if (bestLen >= 3) {
      const li = lastIndexAtMost(LENGTH_BASE, bestLen);
      fixedSymbol(out, 257 + li);
      out.bits(bestLen - LENGTH_BASE[li]!, LENGTH_EXTRA[li]!);
      const di = lastIndexAtMost(DIST_BASE, bestDist);
      out.code(di, 5);
      out.bits(bestDist - DIST_BASE[di]!, DIST_EXTRA[di]!);
      for (let k = 0; k < bestLen; k++) insert(i + k);
      i += bestLen;
    } else {
      fixedSymbol(out, data[i]!);
      insert(i);
      i += 1;
    }
  }
  fixedSymbol(out, 256);
  const body = out.finish();
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const result = new Uint8Array(body.length + 6);
  result[0] = 0x78; // deflate, 32 KiB window
  result[1] = 0x01; // no dictionary, fastest-level hint; (0x7801 % 31 === 0)
  result.set(body, 2);
  const adler = ((b << 16) | a) >>> 0;
  result[result.length - 4] = adler >>> 24;
  result[result.length - 3] = (adler >>> 16) & 255;
  result[result.length - 2] = (adler >>> 8) & 255;
  result[result.length - 1] = adler & 255;
  return result;
}

export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  let opaque = true;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) opaque = false;
  const channels = opaque ? 3 : 4;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = opaque ? 2 : 6; // truecolour, with alpha when needed
  // compression, filter and interlace methods: 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflate(filterRows(rgba, width, height, channels), [1, 2, 3].map((k) => width * channels + 1 + (k - 2) * channels))),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

export const renderPng = (image: ImageSource): Buffer => encodePng(draw(image), image.width, image.height);
