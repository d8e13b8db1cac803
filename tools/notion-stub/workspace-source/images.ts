import type { ImageSource, Point, Shape } from "./png";

/**
 * The workspace's image files: covers, charts, a screenshot and a logo, drawn from shapes by ./png.ts (no text, no
 * fonts, no image library, so the PNG bytes are the same everywhere). Name → size and shapes, painted in order.
 */

const bars = (color: string): Shape[] =>
  [40, 90, 65, 120, 150, 110, 180, 210].map((h, i) => ({ kind: "rect", x: 140 + i * 80, y: 460 - h, w: 50, h, r: 6, color, opacity: 0.85 }));

const cohortGrid: Shape[] = [0, 1, 2, 3, 4, 5].flatMap((row) =>
  [0, 1, 2, 3, 4, 5, 6, 7]
    .filter((col) => col + row < 8)
    .map((col): Shape => ({ kind: "rect", x: 120 + col * 90, y: 60 + row * 75, w: 84, h: 68, r: 4, color: "#4f46e5", opacity: 1 - col * 0.11 })),
);

const trafficLine: Point[] = [[60, 440], [160, 400], [260, 420], [360, 330], [460, 350], [560, 260], [660, 280], [760, 170], [900, 120]];

/** A card with a 3 px border: border colour behind, card colour inset. */
const card = (x: number, y: number, w: number, h: number): Shape[] => [
  { kind: "rect", x, y, w, h, r: 10, color: "#e2e8f0" },
  { kind: "rect", x: x + 3, y: y + 3, w: w - 6, h: h - 6, r: 7, color: "#ffffff" },
];

export const IMAGES: Record<string, ImageSource> = {
  "cover-dashboards.png": {
    width: 1200,
    height: 630,
    shapes: [{ kind: "gradient", from: "#1e3a8a", to: "#7c3aed" }, ...bars("#e0e7ff"), { kind: "rect", x: 120, y: 470, w: 660, h: 6, r: 3, color: "#e0e7ff", opacity: 0.6 }],
  },
  "cover-privacy.png": {
    width: 1200,
    height: 630,
    shapes: [
      { kind: "gradient", from: "#064e3b", to: "#0ea5e9" },
      { kind: "ring", cx: 600, cy: 250, r: 70, width: 26, color: "#ecfeff" },
      { kind: "rect", x: 500, y: 270, w: 200, h: 170, r: 22, color: "#ecfeff" },
      { kind: "circle", cx: 600, cy: 340, r: 18, color: "#0f766e" },
      { kind: "rect", x: 592, y: 345, w: 16, h: 50, r: 6, color: "#0f766e" },
    ],
  },
  "cover-funnels.png": {
    width: 1200,
    height: 630,
    shapes: [
      { kind: "gradient", from: "#7c2d12", to: "#f59e0b" },
      { kind: "polygon", points: [[300, 140], [900, 140], [800, 250], [400, 250]], color: "#fff7ed", opacity: 0.95 },
      { kind: "polygon", points: [[410, 270], [790, 270], [710, 370], [490, 370]], color: "#fff7ed", opacity: 0.75 },
      { kind: "polygon", points: [[500, 390], [700, 390], [650, 480], [550, 480]], color: "#fff7ed", opacity: 0.55 },
    ],
  },
  "cover-engineering.png": {
    width: 1200,
    height: 630,
    shapes: [
      { kind: "gradient", from: "#111827", to: "#374151" },
      { kind: "line", points: [[420, 220], [320, 315], [420, 410]], width: 14, color: "#a7f3d0" },
      { kind: "line", points: [[780, 220], [880, 315], [780, 410]], width: 14, color: "#a7f3d0" },
      { kind: "line", points: [[640, 190], [560, 440]], width: 14, color: "#a7f3d0" },
    ],
  },
  "cover-team.png": {
    width: 1200,
    height: 630,
    shapes: [
      { kind: "gradient", from: "#831843", to: "#f472b6" },
      { kind: "circle", cx: 450, cy: 270, r: 70, color: "#fdf2f8", opacity: 0.9 },
      { kind: "circle", cx: 750, cy: 270, r: 70, color: "#fdf2f8", opacity: 0.9 },
      { kind: "circle", cx: 600, cy: 240, r: 80, color: "#fdf2f8" },
      { kind: "rect", x: 360, y: 360, w: 480, h: 140, r: 70, color: "#fdf2f8" },
    ],
  },
  "chart-retention.png": { width: 960, height: 540, shapes: [{ kind: "fill", color: "#f8fafc" }, ...cohortGrid] },
  "chart-traffic.png": {
    width: 960,
    height: 540,
    shapes: [
      { kind: "fill", color: "#ffffff" },
      ...[150, 250, 350].map((y): Shape => ({ kind: "line", points: [[60, y], [900, y]], width: 2, color: "#e2e8f0" })),
      { kind: "polygon", points: [...trafficLine, [900, 470], [60, 470]], color: "#0ea5e9", opacity: 0.12 },
      { kind: "line", points: trafficLine, width: 8, color: "#0ea5e9" },
      { kind: "line", points: [[60, 470], [900, 470]], width: 4, color: "#cbd5e1" },
    ],
  },
  "screenshot-settings.png": {
    width: 960,
    height: 600,
    shapes: [
      { kind: "fill", color: "#f1f5f9" },
      { kind: "rect", x: 0, y: 0, w: 220, h: 600, color: "#1e293b" },
      ...[0, 1, 2, 3, 4, 5].map((i): Shape => ({ kind: "rect", x: 24, y: 40 + i * 44, w: 150 - (i % 3) * 20, h: 14, r: 7, color: i === 2 ? "#818cf8" : "#475569" })),
      ...[0, 1, 2, 3, 4].flatMap((i) => [
        ...card(260, 60 + i * 100, 640, 70),
        { kind: "rect", x: 284, y: 84 + i * 100, w: 220 - i * 20, h: 14, r: 7, color: "#94a3b8" } as Shape,
        { kind: "rect", x: 820, y: 80 + i * 100, w: 56, h: 30, r: 15, color: i % 2 ? "#cbd5e1" : "#4f46e5" } as Shape,
        { kind: "circle", cx: i % 2 ? 836 : 860, cy: 95 + i * 100, r: 11, color: "#ffffff" } as Shape,
      ]),
    ],
  },
  // The workspace's custom emoji (custom-emoji.ts): small square images, as Notion keeps them.
  "emoji-lumen-spark.png": {
    width: 128,
    height: 128,
    shapes: [
      { kind: "circle", cx: 64, cy: 64, r: 60, color: "#f59e0b" },
      { kind: "circle", cx: 64, cy: 64, r: 26, color: "#fffbeb" },
    ],
  },
  "logo-lumen.png": {
    width: 256,
    height: 256,
    shapes: [
      { kind: "rect", x: 0, y: 0, w: 256, h: 256, r: 56, color: "#4f46e5" },
      { kind: "circle", cx: 128, cy: 128, r: 64, color: "#fef08a" },
      { kind: "circle", cx: 128, cy: 128, r: 30, color: "#4f46e5" },
    ],
  },
};
