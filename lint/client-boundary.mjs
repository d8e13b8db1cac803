// ESLint rule: a browser file imports nothing server-only. A browser file is one that starts with "use client" (a
// React client component, bundled for the browser by Next.js) or lives in a `browser/` folder (bundled by esbuild for
// published sites and the product's website). Server code pulled into a browser bundle either breaks the build, bloats
// the page, or ships what should stay on the server; `import type` is erased and always fine.
import { builtinModules } from "node:module";
import path from "node:path";
import { SERVER_ONLY } from "./layers.mjs";

const NODE_MODULES = new Set(builtinModules);

function isBrowserFile(context, program) {
  const file = context.filename.split(path.sep).join("/");
  if (/\/src\/(.+\/)?browser\//.test(file)) return true;
  return program.body.some((s) => s.type === "ExpressionStatement" && s.directive === "use client");
}

/** The import's place under src/ ("core/sites/x"), or null when it is a package. */
function srcPathOf(source, filename, srcRoot) {
  if (source.startsWith("@/")) return source.slice(2);
  if (!source.startsWith(".")) return null;
  const rel = path.relative(srcRoot, path.resolve(path.dirname(filename), source));
  return rel.startsWith("..") ? null : rel.split(path.sep).join("/");
}

const under = (p, dir) => p === dir || p === dir.replace(/\.ts$/, "") || p.startsWith(`${dir}/`);

function whyServerOnly(source, filename, srcRoot) {
  if (source.startsWith("node:") || NODE_MODULES.has(source.split("/")[0])) return `Node's module "${source}"`;
  const pkg = SERVER_ONLY.packages.find((p) => source === p || source.startsWith(`${p}/`));
  if (pkg) return `the server-only package "${pkg}"`;
  const p = srcPathOf(source, filename, srcRoot);
  if (p === null) return null;
  if (SERVER_ONLY.except.some((e) => under(p, e))) return null;
  const dir = SERVER_ONLY.paths.find((d) => under(p, d));
  return dir ? `server code (src/${dir})` : null;
}

const typeOnly = (node) =>
  node.importKind === "type" ||
  node.exportKind === "type" ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));

/** @type {import("eslint").Rule.RuleModule} */
export const clientBoundary = {
  meta: {
    type: "problem",
    docs: { description: "Browser files (\"use client\", browser/ folders) import nothing server-only." },
    schema: [{ type: "object", properties: { srcRoot: { type: "string" } }, additionalProperties: false }],
    messages: {
      serverOnly: "A browser file may not import {{what}} (\"{{source}}\"): move what it needs to src/lib/, or import it with `import type`.",
    },
  },
  create(context) {
    const srcRoot = context.options[0]?.srcRoot ?? path.join(context.cwd, "src");
    let browser = false;
    const check = (node, sourceNode) => {
      if (!browser || !sourceNode || typeof sourceNode.value !== "string" || typeOnly(node)) return;
      const what = whyServerOnly(sourceNode.value, context.filename, srcRoot);
      if (what) context.report({ node: sourceNode, messageId: "serverOnly", data: { what, source: sourceNode.value } });
    };
    return {
      Program(program) {
        browser = isBrowserFile(context, program);
      },
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === "Literal" ? node.source : null),
    };
  },
};

export const pagewrightPlugin = { rules: { "client-boundary": clientBoundary } };
