import fs from "node:fs";
import path from "node:path";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Translator } from "@/lib/i18n/translator";

/** Our own small pages (errors, notices, the password form): one inlined stylesheet, no scripts, nothing to index. */

let noticeCss: string | null = null;
const css = () => (noticeCss ??= fs.readFileSync(path.join(import.meta.dirname, "notice.css"), "utf8"));

export function NoticeDocument({ title, robots = "noindex", bodyClass, children, i18n }: { title: string; robots?: string; bodyClass?: string; children: ReactNode; i18n?: Translator }) {
  return (
    <html lang={i18n?.lang ?? "en"} dir={i18n?.dir === "rtl" ? "rtl" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content={robots} />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: css() }} />
      </head>
      <body className={bodyClass}>{children}</body>
    </html>
  );
}

export const renderNoticePage = (title: string, message: string): string =>
  `<!doctype html>${renderToStaticMarkup(
    <NoticeDocument title={title}>
      <main className="notice">
        <h1>{title}</h1>
        <p>{message}</p>
      </main>
    </NoticeDocument>,
  )}`;
