/**
 * The pictures and the tour video of the landing page: captured from the demo workspace's real published sites by
 * `npm run screenshots` (scripts/screenshots.ts). The sizes here are the files' own.
 */
export const DEMO_SCREENSHOT = {
  src: "/marketing/demo-blog-1280.webp",
  /** WebP copies by width, served as they are (no resizing on request). */
  srcSet: [640, 960, 1280].map((w) => `/marketing/demo-blog-${w}.webp ${w}w`).join(", "),
  width: 1280,
  height: 800,
  /** The demo runs on localhost; the picture's address bar shows where an owner's blog would be. */
  address: "blog.lumen.com",
  alt: "The Lumen demo blog as published from a Notion database: header, featured posts with covers, titles, dates and tags",
} as const;

export const DEMO_TOUR = {
  src: "/marketing/tour.webm",
  poster: "/marketing/demo-blog.png",
  description: "The demo workspace’s blog, docs and help center as published, recorded in Chromium. No sound.",
} as const;
