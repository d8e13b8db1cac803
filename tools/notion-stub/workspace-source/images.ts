/**
 * The workspace's image files, drawn as SVG and rasterised to PNG by the generator (shapes only, no text, so the
 * bytes don't depend on installed fonts). Name → [width, height, svg body].
 */
const gradient = (a: string, b: string, shapes: string) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}`;

const bars = (color: string) =>
  [40, 90, 65, 120, 150, 110, 180, 210]
    .map((h, i) => `<rect x="${140 + i * 80}" y="${460 - h}" width="50" height="${h}" rx="6" fill="${color}" opacity="0.85"/>`)
    .join("");

export const IMAGES: Record<string, [number, number, string]> = {
  "cover-dashboards.png": [1200, 630, gradient("#1e3a8a", "#7c3aed", bars("#e0e7ff"))],
  "cover-privacy.png": [1200, 630, gradient("#064e3b", "#0ea5e9", `<circle cx="600" cy="315" r="150" fill="none" stroke="#ecfeff" stroke-width="28"/><rect x="540" y="280" width="120" height="110" rx="14" fill="#ecfeff"/>`)],
  "cover-funnels.png": [1200, 630, gradient("#7c2d12", "#f59e0b", `<polygon points="300,140 900,140 760,300 440,300" fill="#fff7ed" opacity="0.9"/><polygon points="440,330 760,330 680,470 520,470" fill="#fff7ed" opacity="0.7"/>`)],
  "cover-engineering.png": [1200, 630, gradient("#111827", "#374151", `<g stroke="#a7f3d0" stroke-width="10" fill="none"><path d="M420 220 L320 315 L420 410"/><path d="M780 220 L880 315 L780 410"/><path d="M640 190 L560 440"/></g>`)],
  "cover-team.png": [1200, 630, gradient("#831843", "#f472b6", `<g fill="#fdf2f8"><circle cx="450" cy="270" r="70"/><circle cx="600" cy="240" r="80"/><circle cx="750" cy="270" r="70"/><rect x="360" y="360" width="480" height="140" rx="70"/></g>`)],
  "chart-retention.png": [960, 540, `<rect width="100%" height="100%" fill="#f8fafc"/>${[0, 1, 2, 3, 4, 5].map((r) => [0, 1, 2, 3, 4, 5, 6, 7].filter((c) => c + r < 8).map((c) => `<rect x="${120 + c * 90}" y="${60 + r * 75}" width="84" height="68" fill="#4f46e5" opacity="${(1 - (c * 0.11)).toFixed(2)}"/>`).join("")).join("")}`],
  "chart-traffic.png": [960, 540, `<rect width="100%" height="100%" fill="#ffffff"/><polyline fill="none" stroke="#0ea5e9" stroke-width="8" points="60,440 160,400 260,420 360,330 460,350 560,260 660,280 760,170 900,120"/><line x1="60" y1="470" x2="900" y2="470" stroke="#cbd5e1" stroke-width="4"/>`],
  "screenshot-settings.png": [960, 600, `<rect width="100%" height="100%" fill="#f1f5f9"/><rect x="0" y="0" width="220" height="600" fill="#1e293b"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="260" y="${60 + i * 100}" width="640" height="70" rx="10" fill="#ffffff" stroke="#e2e8f0" stroke-width="3"/>`).join("")}`],
  "logo-lumen.png": [256, 256, `<rect width="256" height="256" rx="56" fill="#4f46e5"/><circle cx="128" cy="128" r="64" fill="#fef08a"/><circle cx="128" cy="128" r="30" fill="#4f46e5"/>`],
};
