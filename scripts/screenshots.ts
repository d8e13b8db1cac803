import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { launchBrowser } from "../tests/e2e/browser";
import { startSitesApp, workspaceIndex } from "../tests/helpers/sites";
import { SITE_TYPES, type SiteType } from "../src/lib/site-types";
import { SHOWCASE_IMAGE_HEIGHT, SHOWCASE_IMAGE_WIDTH, showcaseImage } from "../src/marketing-site/content/showcase";

/**
 * `npm run screenshots`: the landing page's picture and tour video, captured from the demo workspace's real published
 * sites (the Notion stand-in, the real server, Debian's Chromium). Writes public/marketing/demo-blog.png (1280×800)
 * with WebP copies 640, 960 and 1280 wide, public/marketing/tour.webm (recorded from a canvas with MediaRecorder, so no ffmpeg is needed),
 * and the website's showcase: public/marketing/showcase-<type>.webp, one small picture per site type.
 *   npm run screenshots [-- --showcase]   (--showcase: only the showcase pictures)
 */
const OUT = path.resolve(import.meta.dirname, "../public/marketing");
const VIEWPORT = { width: 1280, height: 800 };
const DEMO_WIDTHS = [640, 960, 1280];

const ONLY_SHOWCASE = process.argv.includes("--showcase");
/** The demo site of each type as `npm run demo` names it. */
const NAMES: Record<SiteType, string> = {
  blog: "Lumen Blog",
  changelog: "Lumen Changelog",
  roadmap: "Lumen Roadmap",
  docs: "Lumen Docs",
  docsv2: "Lumen API Reference",
  help_desk: "Lumen Help Center",
  simple: "Lumen",
};
const s = await startSitesApp([
  { siteType: "blog", page: workspaceIndex.blog!, settings: { name: "Lumen Blog", navigation: [{ label: "Docs", href: "/" }] } },
  { siteType: "docs", page: workspaceIndex.docs!, settings: { name: "Lumen Docs" } },
  { siteType: "help_desk", page: workspaceIndex.help_desk!, settings: { name: "Lumen Help Center", contactUrl: "mailto:help@lumen.example" } },
  ...SITE_TYPES.filter((t) => !["blog", "docs", "help_desk"].includes(t)).map((siteType) => ({
    siteType,
    page: workspaceIndex[siteType]!,
    settings: { name: NAMES[siteType], ...(siteType === "docsv2" ? { versions: Object.entries(workspaceIndex.docsv2Versions).map(([label, notionPageUrl]) => ({ label, notionPageUrl })) } : {}) },
  })),
]);
const [blog, docs, help] = s.hosts as [string, string, string];
const hostOf = (siteType: SiteType) => s.hosts[[...["blog", "docs", "help_desk"], ...SITE_TYPES.filter((t) => !["blog", "docs", "help_desk"].includes(t))].indexOf(siteType)]!;
const browser = await launchBrowser();
try {
  // The showcase: each type's home at a laptop's width, scaled down to a card's picture.
  const showcase = await browser.newPage({ viewport: VIEWPORT, colorScheme: "light" });
  fs.mkdirSync(OUT, { recursive: true });
  for (const siteType of SITE_TYPES) {
    await showcase.goto(`http://${hostOf(siteType)}/`, { waitUntil: "networkidle" });
    const png = await showcase.screenshot({ type: "png" });
    const file = path.join(OUT, path.basename(showcaseImage(siteType)));
    await sharp(png).resize({ width: SHOWCASE_IMAGE_WIDTH, height: SHOWCASE_IMAGE_HEIGHT, fit: "cover", position: "top" }).webp({ quality: 72 }).toFile(file);
    console.log(`${path.basename(file)}: ${fs.statSync(file).size} bytes`);
  }
  if (!ONLY_SHOWCASE) {

    const page = await browser.newPage({ viewport: VIEWPORT, colorScheme: "light" });
    const shot = async (url: string, fullPage = false) => {
      await page.goto(url, { waitUntil: "networkidle" });
      return page.screenshot({ fullPage, type: "png" });
    };
    fs.mkdirSync(OUT, { recursive: true });

    const blogHome = await shot(`http://${blog}/`);
    await sharp(blogHome).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(path.join(OUT, "demo-blog.png"));
    // The landing page shows these directly (srcset), so no image is resized while a visitor waits.
    for (const width of DEMO_WIDTHS) await sharp(blogHome).resize({ width }).webp({ quality: 80 }).toFile(path.join(OUT, `demo-blog-${width}.webp`));

    // The tour: scenes of real pages; tall pages scroll, the others hold.
    const scenes = [
      { png: blogHome, seconds: 2 },
      { png: await shot(`http://${blog}/how-we-made-dashboards-10-faster`, true), seconds: 4 },
      { png: await shot(`http://${docs}/getting-started/installing-on-your-framework/nextjs`, true), seconds: 4 },
      { png: await shot(`http://${help}/`), seconds: 2 },
    ];
    const sources = await Promise.all(
      scenes.map(async (scene) => {
        // Cap the height so a very long page still scrolls at a readable speed.
        const meta = await sharp(scene.png).metadata();
        const height = Math.min(meta.height ?? VIEWPORT.height, VIEWPORT.height * 3);
        const jpeg = await sharp(scene.png).extract({ left: 0, top: 0, width: VIEWPORT.width, height }).jpeg({ quality: 85 }).toBuffer();
        return { url: `data:image/jpeg;base64,${jpeg.toString("base64")}`, seconds: scene.seconds };
      }),
    );

    const recorder = await browser.newPage({ viewport: VIEWPORT });
    await recorder.setContent(`<canvas width="${VIEWPORT.width}" height="${VIEWPORT.height}"></canvas>`);
    // tsx compiles with keepNames, so functions sent to the page call a `__name` helper the page lacks.
    await recorder.evaluate("globalThis.__name = (fn) => fn");
    const base64 = await recorder.evaluate(
      async ({ sources, width, height }) => {
        const images = await Promise.all(
          sources.map(
            (s) =>
              new Promise<{ img: HTMLImageElement; seconds: number }>((resolve, reject) => {
                const img = new Image();
                img.onload = () => resolve({ img, seconds: s.seconds });
                img.onerror = reject;
                img.src = s.url;
              }),
          ),
        );
        const canvas = document.querySelector("canvas")!;
        const ctx = canvas.getContext("2d")!;
        const mime = MediaRecorder.isTypeSupported("video/webm;codecs=vp9") ? "video/webm;codecs=vp9" : "video/webm";
        const rec = new MediaRecorder(canvas.captureStream(30), { mimeType: mime, videoBitsPerSecond: 900_000 });
        const chunks: Blob[] = [];
        rec.ondataavailable = (e) => chunks.push(e.data);
        const done = new Promise<void>((resolve) => (rec.onstop = () => resolve()));
        const total = images.reduce((sum, i) => sum + i.seconds, 0) * 1000;
        const fade = 400;
        const draw = (img: HTMLImageElement, progress: number, alpha: number) => {
          const scroll = Math.max(0, img.height - height) * Math.min(1, Math.max(0, (progress - 0.15) / 0.7));
          ctx.globalAlpha = alpha;
          ctx.drawImage(img, 0, -scroll, width, img.height);
        };
        rec.start();
        const start = performance.now();
        await new Promise<void>((resolve) => {
          const frame = () => {
            const t = performance.now() - start;
            if (t >= total) return resolve();
            let offset = 0;
            for (let i = 0; i < images.length; i++) {
              const length = images[i]!.seconds * 1000;
              if (t < offset + length) {
                ctx.fillStyle = "#fff";
                ctx.fillRect(0, 0, width, height);
                draw(images[i]!.img, (t - offset) / length, 1);
                const next = images[i + 1];
                const into = t - (offset + length - fade);
                if (next && into > 0) draw(next.img, 0, into / fade);
                ctx.globalAlpha = 1;
                break;
              }
              offset += length;
            }
            requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        });
        rec.stop();
        await done;
        const buffer = await new Blob(chunks, { type: "video/webm" }).arrayBuffer();
        let binary = "";
        const bytes = new Uint8Array(buffer);
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(binary);
      },
      { sources, ...VIEWPORT },
    );
    fs.writeFileSync(path.join(OUT, "tour.webm"), Buffer.from(base64, "base64"));
    for (const f of ["demo-blog.png", ...DEMO_WIDTHS.map((w) => `demo-blog-${w}.webp`), "tour.webm"]) console.log(`${f}: ${fs.statSync(path.join(OUT, f)).size} bytes`);
  }
} finally {
  await browser.close();
  await s.stop();
}
