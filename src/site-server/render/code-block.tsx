import Prism from "prismjs";
import loadLanguages from "prismjs/components/index.js";
import type { CodeBlock as NotionCodeBlock } from "notion-types";
import { getTextContent } from "notion-utils";
import { escapeHtml } from "@/lib/escape-html";

/** Code highlighted on the server with Prism (docs/contracts.md §6): plain HTML spans, no script in the page. */

/** Every language Notion's code block offers (its menu, lowercase) → Prism's grammar; Plain Text, ASCII Art and Notion Formula stay plain. */
const PRISM_IDS: Record<string, string> = {
  abap: "abap",
  agda: "agda",
  arduino: "arduino",
  assembly: "nasm",
  bash: "bash",
  basic: "basic",
  bnf: "bnf",
  c: "c",
  "c#": "csharp",
  "c++": "cpp",
  clojure: "clojure",
  coffeescript: "coffeescript",
  coq: "coq",
  css: "css",
  dart: "dart",
  dhall: "dhall",
  diff: "diff",
  docker: "docker",
  ebnf: "ebnf",
  elixir: "elixir",
  elm: "elm",
  erlang: "erlang",
  "f#": "fsharp",
  flow: "flow",
  fortran: "fortran",
  gherkin: "gherkin",
  glsl: "glsl",
  go: "go",
  graphql: "graphql",
  groovy: "groovy",
  haskell: "haskell",
  hcl: "hcl",
  html: "markup",
  idris: "idris",
  java: "java",
  javascript: "javascript",
  json: "json",
  julia: "julia",
  kotlin: "kotlin",
  latex: "latex",
  less: "less",
  lisp: "lisp",
  livescript: "livescript",
  "llvm ir": "llvm",
  lua: "lua",
  makefile: "makefile",
  markdown: "markdown",
  markup: "markup",
  matlab: "matlab",
  mathematica: "wolfram",
  mermaid: "mermaid",
  nix: "nix",
  "objective-c": "objectivec",
  ocaml: "ocaml",
  pascal: "pascal",
  perl: "perl",
  php: "php",
  powershell: "powershell",
  prolog: "prolog",
  protobuf: "protobuf",
  purescript: "purescript",
  python: "python",
  r: "r",
  racket: "racket",
  reason: "reason",
  ruby: "ruby",
  rust: "rust",
  sass: "sass",
  scala: "scala",
  scheme: "scheme",
  scss: "scss",
  shell: "bash",
  smalltalk: "smalltalk",
  solidity: "solidity",
  sql: "sql",
  swift: "swift",
  toml: "toml",
  typescript: "typescript",
  "vb.net": "vbnet",
  verilog: "verilog",
  vhdl: "vhdl",
  "visual basic": "visual-basic",
  webassembly: "wasm",
  xml: "markup",
  yaml: "yaml",
  "java/c/c++/c#": "clike",
  // Not in Notion's menu, but in older pages and the demo.
  jsx: "jsx",
  tsx: "tsx",
  yml: "yaml",
};

/** Grammars are loaded on first use, so a process only holds the languages its sites' pages use. */
function grammarOf(id: string): Prism.Grammar | undefined {
  // Prism's loader prints to the console on unknown ids; every id above exists (a unit test checks).
  if (!Prism.languages[id]) loadLanguages([id]);
  return Prism.languages[id];
}

/** The Prism grammar id for a language named in Notion's code block menu, or null for plain text. */
export function prismIdOf(notionLanguage: string): string | null {
  return PRISM_IDS[notionLanguage.trim().toLowerCase()] ?? null;
}

export const NOTION_CODE_LANGUAGES = Object.keys(PRISM_IDS);

export function highlight(code: string, notionLanguage: string): { html: string; language: string } {
  const id = prismIdOf(notionLanguage);
  const grammar = id ? grammarOf(id) : undefined;
  if (!id || !grammar) return { html: escapeHtml(code), language: "plain" };
  return { html: Prism.highlight(code, grammar, id), language: id };
}


export function CodeBlock({ block }: { block: NotionCodeBlock }) {
  const code = getTextContent(block.properties?.title ?? []);
  const language = getTextContent(block.properties?.language ?? []) || "Plain Text";
  const { html, language: id } = highlight(code, language);
  const caption = (block.properties as { caption?: unknown } | undefined)?.caption;
  return (
    <figure className="code-block">
      {/* A figure has one caption: the language is a label, the block's caption (if any) the figcaption. */}
      <span className="code-language">{language}</span>
      {/* Prism escapes the code and only adds spans of its own. */}
      {/* Focusable, so a keyboard can scroll a line longer than the column (as GitHub's code blocks are). */}
      <pre className={`language-${id}`} tabIndex={0}>
        <code className={`language-${id}`} dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
      {caption ? <figcaption className="code-caption">{getTextContent(caption as never)}</figcaption> : null}
    </figure>
  );
}
