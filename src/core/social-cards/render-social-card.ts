import crypto from "node:crypto";
import { cardFontsFor } from "./card-fonts";

/**
 * A page's social card: a 1200×630 PNG with its title, the site's name and logo, the accent colour, the page's cover
 * (or image icon), and a post's date and authors. Laid out by satori (HTML/CSS subset → SVG) and drawn by resvg: no
 * browser. Images come in as bytes (PNG or JPEG), never as URLs, so drawing a card fetches nothing.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
const TEXT_LEFT = 96;
const TEXT_WIDTH = CARD_WIDTH - TEXT_LEFT - 80;
/** Changes with the card's design, so every card is drawn again. */
const CARD_DESIGN = 1;

export type CardImage = { body: Buffer; contentType: string };

export type SocialCardInput = {
  title: string;
  siteName: string;
  accentColor: string;
  /** e.g. "March 3, 2026" (already formatted), or null. */
  date: string | null;
  authors: string[];
  /** An emoji icon is text; image icons come as `iconImage`. */
  icon: string | null;
  /** What the card shows as pictures, by the source they were read from (the key covers the source, not the bytes). */
  cover: string | null;
  iconImage: string | null;
  logo: string | null;
};

/** What the card depends on: the file-store key and the `?v=` of its URL change exactly when the card would. */
export function socialCardKey(input: SocialCardInput): string {
  return crypto.createHash("sha256").update(JSON.stringify([CARD_DESIGN, input])).digest("base64url").slice(0, 22);
}

const dataUri = (image: CardImage) => `data:${image.contentType};base64,${image.body.toString("base64")}`;

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Node => ({ type, props: { ...props, style, children } });

function layout(input: SocialCardInput, images: { cover?: CardImage; iconImage?: CardImage; logo?: CardImage }): Node {
  const onCover = Boolean(images.cover);
  const ink = onCover ? "#ffffff" : "#111827";
  const muted = onCover ? "rgba(255,255,255,0.85)" : "#4b5563";
  const byline = [input.date, input.authors.length ? input.authors.join(", ") : null].filter(Boolean).join("  ·  ");
  const title = input.title.length > 140 ? `${input.title.slice(0, 139)}…` : input.title;
  return el(
    "div",
    { width: CARD_WIDTH, height: CARD_HEIGHT, display: "flex", position: "relative", backgroundColor: onCover ? "#111827" : "#ffffff", fontFamily: "Inter latin" },
    [
      images.cover
        ? el("img", { position: "absolute", top: 0, left: 0, width: CARD_WIDTH, height: CARD_HEIGHT, objectFit: "cover" }, undefined, { src: dataUri(images.cover), width: CARD_WIDTH, height: CARD_HEIGHT })
        : null,
      // Dark enough behind white text on any cover; a soft tint of the accent without one.
      el("div", { position: "absolute", top: 0, left: 0, width: CARD_WIDTH, height: CARD_HEIGHT, display: "flex", backgroundImage: onCover ? "linear-gradient(180deg, rgba(0,0,0,0.35) 0%, rgba(0,0,0,0.8) 100%)" : `linear-gradient(135deg, #ffffff 55%, ${input.accentColor}22 100%)` }),
      el("div", { position: "absolute", top: 0, left: 0, width: 16, height: CARD_HEIGHT, backgroundColor: input.accentColor }),
      // Every layer absolute, so they are painted in this order (cover, shade, accent bar, text).
      el("div", { position: "absolute", top: 64, left: TEXT_LEFT, display: "flex", flexDirection: "column", justifyContent: "space-between", width: TEXT_WIDTH, height: CARD_HEIGHT - 128, color: ink }, [
        el("div", { display: "flex", alignItems: "center", fontSize: 32, fontWeight: 700, color: muted }, [
          images.logo ? el("img", { width: 56, height: 56, borderRadius: 12, marginRight: 20, objectFit: "contain" }, undefined, { src: dataUri(images.logo), width: 56, height: 56 }) : null,
          el("span", {}, input.siteName),
        ]),
        el("div", { display: "flex", flexDirection: "column" }, [
          images.iconImage
            ? el("img", { width: 88, height: 88, borderRadius: 16, marginBottom: 24, objectFit: "cover" }, undefined, { src: dataUri(images.iconImage), width: 88, height: 88 })
            : null,
          el("div", { display: "block", width: TEXT_WIDTH, fontSize: title.length > 60 ? 56 : 68, fontWeight: 700, lineHeight: 1.15, lineClamp: 3, overflow: "hidden" }, title),
        ]),
        el("div", { display: "flex", fontSize: 28, color: muted, minHeight: 36 }, byline),
      ]),
    ],
  );
}

/** Draws the card. `images` are the bytes of the input's cover, image icon and logo, where there are any. */
export async function renderSocialCard(input: SocialCardInput, images: { cover?: CardImage; iconImage?: CardImage; logo?: CardImage } = {}): Promise<Buffer> {
  const text = `${input.title}${input.siteName}${input.date ?? ""}${input.authors.join("")}`;
  // Loaded on the first card, not at start: every process would otherwise pay for parsing them.
  const [{ default: satori }, { Resvg }] = await Promise.all([import("satori"), import("@resvg/resvg-js")]);
  // satori takes React-like elements; plain objects of that shape keep React out of core.
  const svg = await satori(layout(input, images) as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: cardFontsFor(text) });
  return new Resvg(svg, { fitTo: { mode: "width", value: CARD_WIDTH }, font: { loadSystemFonts: false } }).render().asPng();
}
