import { gzipWithNonce, makeNonceResponse, newNonce } from "@/http/nonce-page";
import { renderSocialCard, type SocialCardInput } from "@/core/social-cards/render-social-card";
import type { BenchRow } from "./sync";

/**
 * Social cards (drawn once per page and title, off the request path) and the per-response cost of a page carrying the
 * owner's code (a fresh nonce spliced into a cached page, gzip assembled from kept pieces).
 */

const base: SocialCardInput = { title: "", siteName: "Lumen Blog", accentColor: "#2255dd", date: "March 3, 2026", authors: ["Ada Lovelace", "Grace Hopper"], icon: null, cover: null, iconImage: null, logo: null };

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timeCards(titles: string[]): Promise<{ first: number; p50: number }> {
  const times: number[] = [];
  for (const title of titles) {
    const t = performance.now();
    await renderSocialCard({ ...base, title });
    times.push(performance.now() - t);
  }
  return { first: times[0]!, p50: p50(times.slice(1)) };
}

export async function benchCards(): Promise<BenchRow[]> {
  const latin = await timeCards(Array.from({ length: 21 }, (_, i) => `Post number ${i}: how we made dashboards ${i + 2}× faster for everyone`));
  const cjk = await timeCards(Array.from({ length: 11 }, (_, i) => `配置中心的新功能 ${i} — 日本語のテキストもあります`));

  const html = `<!doctype html><html><head><script nonce="PH">chat()</script></head><body>${"<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>".repeat(2000)}<script nonce="PH">book()</script></body></html>`;
  const page = makeNonceResponse(200, "text/html; charset=utf-8", html, "PH");
  const sends: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t = performance.now();
    gzipWithNonce(page.nonceBody!, newNonce());
    sends.push(performance.now() - t);
  }
  return [
    { name: "social card, Latin title (first card of the process: fonts loaded)", value: `${latin.first.toFixed(0)} ms` },
    { name: "social card, Latin title, p50 of 20", value: `${latin.p50.toFixed(0)} ms` },
    { name: "social card, CJK title, first (its font subsets loaded)", value: `${cjk.first.toFixed(0)} ms` },
    { name: "social card, CJK title, p50 of 10", value: `${cjk.p50.toFixed(0)} ms` },
    { name: `owner-code page: nonce + gzip assembled per response, ${Math.round(html.length / 1024)} KB page, p50`, value: `${(p50(sends) * 1000).toFixed(0)} µs` },
  ];
}
