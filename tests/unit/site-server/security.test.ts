import { describe, expect, it } from "vitest";
import type { ExtendedRecordMap } from "notion-types";
import { isAllowedEmbed, isDirectMediaFile, withSafeEmbeds } from "@/site-server/security";

const recordMap = (blocks: Record<string, object>) => ({ block: Object.fromEntries(Object.entries(blocks).map(([id, value]) => [id, { value: { id, ...value }, role: "reader" }])) }) as unknown as ExtendedRecordMap;
const video = (source: string) => ({ type: "video", properties: { source: [[source]] }, format: { display_source: source } });
const typeOf = (map: ExtendedRecordMap, id: string) => (map.block[id]!.value as { type: string }).type;

describe("which embeds a published page may keep", () => {
  it("plays a media file over https in a <video>/<audio>, and nothing else", () => {
    expect(isDirectMediaFile("video", "https://videos.lumen.example/setup.mp4")).toBe(true);
    expect(isDirectMediaFile("video", "https://cdn.example/clip.WEBM?token=1")).toBe(true);
    expect(isDirectMediaFile("audio", "https://cdn.example/episode.mp3")).toBe(true);
    expect(isDirectMediaFile("video", "http://cdn.example/clip.mp4")).toBe(false);
    expect(isDirectMediaFile("video", "https://evil.example/player.html")).toBe(false);
    expect(isDirectMediaFile("video", "javascript:alert(1)//.mp4")).toBe(false);
    expect(isDirectMediaFile("embed", "https://cdn.example/clip.mp4")).toBe(false);
  });

  it("frames known providers only", () => {
    expect(isAllowedEmbed("https://www.youtube.com/embed/x")).toBe(true);
    expect(isAllowedEmbed("http://www.youtube.com/embed/x")).toBe(false);
    expect(isAllowedEmbed("https://youtube.com.evil.example/x")).toBe(false);
  });

  it("turns every other framed block into a link, or into nothing without an http(s) address", () => {
    const safe = withSafeEmbeds(
      recordMap({
        a: video("https://videos.lumen.example/setup.mp4"),
        b: video("https://evil.example/player.html"),
        c: video("javascript:alert(1)"),
        d: { type: "embed", properties: { source: [["https://www.youtube.com/embed/x"]] }, format: { display_source: "https://www.youtube.com/embed/x" } },
        e: { type: "text", properties: { title: [["plain"]] } },
      }),
    );
    expect(["a", "b", "c", "d", "e"].map((id) => typeOf(safe, id))).toEqual(["video", "bookmark", "text", "embed", "text"]);
    expect((safe.block.b!.value as { properties: { link: string[][] } }).properties.link[0]![0]).toBe("https://evil.example/player.html");
  });
});
