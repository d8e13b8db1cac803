import Prism from "prismjs";
import loadLanguages from "prismjs/components/index.js";
import type { CodeBlock as NotionCodeBlock } from "notion-types";
import { getTextContent } from "notion-utils";

/** Code highlighted on the server with Prism (CONTRACTS §6): plain HTML spans, no script in the page. */

const PRISM_IDS: Record<string, string> = {
  typescript: "typescript",
  javascript: "javascript",
  python: "python",
  bash: "bash",
  shell: "bash",
  sql: "sql",
  json: "json",
  yaml: "yaml",
  go: "go",
  rust: "rust",
  html: "markup",
  xml: "markup",
  css: "css",
  java: "java",
  "c++": "cpp",
  c: "c",
  "c#": "csharp",
  ruby: "ruby",
  php: "php",
  kotlin: "kotlin",
  swift: "swift",
  markdown: "markdown",
  graphql: "graphql",
  docker: "docker",
  diff: "diff",
  jsx: "jsx",
  tsx: "tsx",
};

let loaded = false;
function ensureLanguages(): void {
  if (loaded) return;
  // Prism's loader prints to the console on unknown ids; every id above exists.
  loadLanguages([...new Set(Object.values(PRISM_IDS))]);
  loaded = true;
}

export function highlight(code: string, notionLanguage: string): { html: string; language: string } {
  ensureLanguages();
  const id = PRISM_IDS[notionLanguage.trim().toLowerCase()];
  const grammar = id ? Prism.languages[id] : undefined;
  if (!id || !grammar) return { html: escapeHtml(code), language: "plain" };
  return { html: Prism.highlight(code, grammar, id), language: id };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function CodeBlock({ block }: { block: NotionCodeBlock }) {
  const code = getTextContent(block.properties?.title ?? []);
  const language = getTextContent(block.properties?.language ?? []) || "Plain Text";
  const { html, language: id } = highlight(code, language);
  const caption = (block.properties as { caption?: unknown } | undefined)?.caption;
  return (
    <figure className="code-block">
      <figcaption className="code-language">{language}</figcaption>
      {/* Prism escapes the code and only adds spans of its own. */}
      <pre className={`language-${id}`}>
        <code className={`language-${id}`} dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
      {caption ? <figcaption className="code-caption">{getTextContent(caption as never)}</figcaption> : null}
    </figure>
  );
}
