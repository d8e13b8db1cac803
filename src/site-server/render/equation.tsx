import katex from "katex";
import { getTextContent } from "notion-utils";

/** Math typeset on the server (docs/contracts.md §6): KaTeX HTML, `trust: false` so \href and friends can't inject links. */
export function renderMath(math: string, displayMode: boolean): string {
  return katex.renderToString(math, { displayMode, throwOnError: false, trust: false, strict: "ignore", output: "html", maxSize: 50, maxExpand: 1000 });
}

export function Equation({ block, math, inline, className }: { block?: { properties?: { title?: unknown } }; math?: string; inline?: boolean; className?: string }) {
  const source = math ?? getTextContent((block?.properties?.title ?? []) as never);
  const html = renderMath(source, !inline);
  return inline ? (
    <span className="notion-equation-inline" dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div className={`notion-equation-block ${className ?? ""}`} role="math" aria-label={source} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
