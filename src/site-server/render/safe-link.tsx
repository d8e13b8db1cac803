import type { AnchorHTMLAttributes } from "react";

const UNSAFE_SCHEME = /^\s*(javascript|data|vbscript|file):/i;

/**
 * Every link react-notion-x renders goes through here: links inside the site stay in the tab, links elsewhere open
 * with noopener, and script-bearing schemes never become links (Notion content is untrusted).
 */
export function SafeLink({ href, target, rel, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (!href || UNSAFE_SCHEME.test(href)) return <span className={rest.className}>{children}</span>;
  const internal = href.startsWith("/") || href.startsWith("#");
  return (
    <a {...rest} href={href} target={internal ? undefined : target} rel={internal ? undefined : (rel ?? "noopener noreferrer")}>
      {children}
    </a>
  );
}
