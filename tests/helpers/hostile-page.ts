import { RecordMapBuilder, type BodyBlock } from "./notion-records";

/** A Notion page written by an attacker: every way content could try to run script on a published site. */
export const HOSTILE_BODY: BodyBlock[] = [
  { type: "raw", raw: { type: "text", properties: { title: [["click me", [["a", "javascript:alert('link')"]]]] } } },
  { type: "raw", raw: { type: "text", properties: { title: [["data link", [["a", "data:text/html,<script>alert('data')</script>"]]]] } } },
  { type: "raw", raw: { type: "text", properties: { title: [["<img src=x onerror=alert('text')><script>alert('text')</script>"]] } } },
  { type: "raw", raw: { type: "header", properties: { title: [["<script>alert('heading')</script>"]] } } },
  { type: "raw", raw: { type: "bookmark", properties: { link: [["javascript:alert('bookmark')"]], title: [["bookmark"]] } } },
  { type: "raw", raw: { type: "embed", properties: { source: [["https://evil.example/frame.html"]] }, format: { display_source: "https://evil.example/frame.html" } } },
  { type: "raw", raw: { type: "video", properties: { source: [["javascript:alert('video')"]] }, format: { display_source: "javascript:alert('video')" } } },
  { type: "raw", raw: { type: "video", properties: { source: [["http://evil.example/clip.mp4"]] }, format: { display_source: "http://evil.example/clip.mp4" } } },
  { type: "raw", raw: { type: "video", properties: { source: [["https://evil.example/player.html"]] }, format: { display_source: "https://evil.example/player.html" } } },
  { type: "raw", raw: { type: "equation", properties: { title: [["\\href{javascript:alert('katex')}{x} + \\htmlId{a}{b}"]] } } },
  { type: "raw", raw: { type: "code", properties: { title: [["</code></pre><script>alert('code')</script>"]], language: [["HTML"]] } } },
  { type: "raw", raw: { type: "image", properties: { source: [["javascript:alert('image')"]], caption: [["<svg onload=alert('caption')>"]] } } },
  { type: "raw", raw: { type: "callout", properties: { title: [["callout"]] }, format: { page_icon: "javascript:alert('icon')" } } },
  { type: "text", text: "The end of the hostile page." },
];

export function addHostilePage(ws: RecordMapBuilder): string {
  return ws.page("Hostile", HOSTILE_BODY, [["<script>alert('title')</script>Hostile"]]);
}
