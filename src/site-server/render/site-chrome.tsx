import { PRODUCT_NAME } from "@/lib/brand";
import { SOCIAL_NETWORKS } from "@/lib/social-networks";
import { href, siteName, type RenderContext } from "./context";

/**
 * The owner's header menu and footer (settings.navigation, settings.footer), the same on every site type. A header
 * link with links under it is a <details> menu: it opens and closes without JavaScript and with the keyboard.
 */

export type MenuItem = { label: string; href: string; children?: { label: string; href: string }[] };

export function HeaderMenu({ ctx, items, current }: { ctx: RenderContext; items: MenuItem[]; current: string }) {
  const here = href(ctx, current);
  return (
    <nav aria-label={ctx.i18n.t("siteNavigation")}>
      <ul>
        {items.map((item) => (
          <li key={`${item.label}${item.href}`}>
            {item.children?.length ? (
              <details className="nav-dropdown">
                <summary>{item.label}</summary>
                <ul>
                  {item.children.map((child) => (
                    <li key={`${child.label}${child.href}`}>
                      <a href={child.href} aria-current={child.href === here ? "page" : undefined}>
                        {child.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            ) : (
              <a href={item.href} aria-current={item.href === here ? "page" : undefined}>
                {item.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Columns of links, the owner's short text and social profiles above the line with ©, RSS and the badge. */
export function SiteFooter({ ctx, hasFeed }: { ctx: RenderContext; hasFeed: boolean }) {
  const { footer, showBadge, showAgentLink } = ctx.settings;
  const { t } = ctx.i18n;
  const columns = footer.columns.filter((c) => c.links.length || c.title);
  const badge = showBadge ? (
    <a className={footer.badgePlace === "start" ? "badge badge-start" : "badge"} href={ctx.appUrl}>
      {t("publishedWith", { product: PRODUCT_NAME })}
    </a>
  ) : null;
  return (
    <footer className="site-footer">
      {columns.length ? (
        <div className="footer-columns">
          {columns.map((column, i) => (
            <div key={i} className="footer-column">
              {column.title ? <p className="footer-title">{column.title}</p> : null}
              <ul>
                {column.links.map((link) => (
                  <li key={`${link.label}${link.href}`}>
                    <a href={link.href}>{link.label}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : null}
      {footer.text ? <p className="footer-text">{footer.text}</p> : null}
      {footer.social.length ? (
        <ul className="footer-social">
          {footer.social.map((s) => (
            <li key={s.url}>
              <a href={s.url} rel="me noopener">
                {SOCIAL_NETWORKS[s.network]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {footer.badgePlace === "start" ? badge : null}
      <span>
        © {ctx.now.getUTCFullYear()} {siteName(ctx)}
      </span>
      {hasFeed ? <a href={href(ctx, "/rss.xml")}>RSS</a> : null}
      {showAgentLink ? <a href={href(ctx, "/llms.txt")}>{t("useWithAssistant")}</a> : null}
      {footer.badgePlace === "end" ? badge : null}
    </footer>
  );
}
