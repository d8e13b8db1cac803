import { CommentsSection } from "./parts/comments";
import type { ReactNode } from "react";
import { slugifyOrFallback } from "@/lib/slug";
import type { DatabaseSiteModel, Entry } from "@/site-model/site-model";
import { authorPathOf, POSTS_PER_PAGE, tagPathOf } from "@/site-model/site-model";
import { absoluteUrl, href, lookSrc, siteName, type RenderContext } from "./context";
import { PrevNext } from "./parts/prev-next";
import { Document } from "./document";
import { coverObjectPosition } from "./page-header";
import { faqJsonLd, roadmapItemJsonLd } from "./structured-data";
import { NotionBody } from "./notion-body";
import { changelogScript } from "../assets";
import { firstLineOfPage } from "../whats-new-excerpt";
import { SITE_TYPE_INFO, siteTypeHas } from "@/lib/site-types";

/** Blog, changelog and roadmap pages (docs/product.md §1): plain server-rendered HTML, no client JavaScript. */

type Ctx = RenderContext & { model: DatabaseSiteModel };

const tagHref = (ctx: Ctx, tag: string) => href(ctx, tagPathOf(tag));
const authorHref = (ctx: Ctx, name: string) => href(ctx, authorPathOf(name));
const absoluteImage = (ctx: Ctx, entry: Entry, width: number) => {
  const src = lookSrc(ctx, entry.cover, entry.pageId, width);
  return src ? (src.startsWith("/") ? `${ctx.origin}${src}` : src) : null;
};

function Tags({ ctx, tags }: { ctx: Ctx; tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul className="tags" aria-label={ctx.i18n.t("tags")}>
      {tags.map((tag) => (
        <li key={tag}>
          <a href={tagHref(ctx, tag)}>{tag}</a>
        </li>
      ))}
    </ul>
  );
}

function Byline({ ctx, entry }: { ctx: Ctx; entry: Entry }) {
  return (
    <p className="byline">
      {entry.date ? <time dateTime={entry.date}>{ctx.i18n.date(entry.date)}</time> : null}
      {entry.authors.length ? (
        <span>
          {" · "}
          {entry.authors.map((a, i) => (
            <span key={a.name}>
              {i ? ", " : ""}
              {siteTypeHas(ctx.model.siteType, "authors") ? <a href={authorHref(ctx, a.name)}>{a.name}</a> : a.name}
            </span>
          ))}
        </span>
      ) : null}
      {siteTypeHas(ctx.model.siteType, "longReads") ? <span>{" · "}{ctx.i18n.t("minRead", { minutes: entry.readingMinutes })}</span> : null}
    </p>
  );
}

/** Offered only while the owner emails subscribers about new posts: never a promise the site doesn't keep. */
function SubscribeForm({ ctx }: { ctx: Ctx }) {
  if (!ctx.settings.email.notifySubscribers) return null;
  const { t } = ctx.i18n;
  return (
    <section className="subscribe" id="subscribe" aria-labelledby="subscribe-title">
      <h2 id="subscribe-title">{t("subscribeHeading", { kind: ctx.model.siteType })}</h2>
      {ctx.subscribed ? (
        <p role="status">{t("subscribeThanks")}</p>
      ) : (
        <form method="post" action={href(ctx, "/_/subscribe")}>
          <label htmlFor="subscribe-email">{t("emailAddress")}</label>
          <input id="subscribe-email" type="email" name="email" required maxLength={254} autoComplete="email" placeholder={t("emailPlaceholder")} />
          <button type="submit">{t("subscribe")}</button>
        </form>
      )}
    </section>
  );
}

/** `aboveFold`: the first card of a list is in view on load, so its cover loads at once (no grey box). */
function PostCard({ ctx, entry, aboveFold = false }: { ctx: Ctx; entry: Entry; aboveFold?: boolean }) {
  const cover = lookSrc(ctx, entry.cover, entry.pageId, 640);
  return (
    <article className="card">
      {cover ? <img className="card-cover" src={cover} alt="" width={640} height={336} loading={aboveFold ? "eager" : "lazy"} fetchPriority={aboveFold ? "high" : undefined} decoding="async" style={{ objectPosition: coverObjectPosition(entry.coverPosition) }} /> : null}
      <div className="card-body">
        <h2>
          <a href={href(ctx, entry.path)}>{entry.title || ctx.i18n.t("untitled")}</a>
        </h2>
        {entry.description ? <p className="description">{entry.description}</p> : null}
        <Byline ctx={ctx} entry={entry} />
        <Tags ctx={ctx} tags={entry.tags} />
      </div>
    </article>
  );
}

function Pagination({ ctx, page, pages }: { ctx: Ctx; page: number; pages: number }) {
  if (pages <= 1) return null;
  const { t } = ctx.i18n;
  return (
    <nav className="pagination" aria-label={t("pages")}>
      {page > 1 ? <a href={href(ctx, page === 2 ? "/" : `/page/${page - 1}`)}>{t("newerPosts")}</a> : <span />}
      <span>{t("pageOf", { page, pages })}</span>
      {page < pages ? <a href={href(ctx, `/page/${page + 1}`)}>{t("olderPosts")}</a> : <span />}
    </nav>
  );
}

function Intro({ ctx, title, children }: { ctx: Ctx; title: string; children?: ReactNode }) {
  return (
    <div className="intro">
      <h1>{title}</h1>
      {ctx.settings.description || ctx.model.description ? <p className="lead">{ctx.settings.description || ctx.model.description}</p> : null}
      {children}
    </div>
  );
}

export function BlogIndex({ ctx, page }: { ctx: Ctx; page: number }) {
  const pages = Math.ceil(ctx.model.entries.length / POSTS_PER_PAGE);
  const shown = ctx.model.entries.slice((page - 1) * POSTS_PER_PAGE, page * POSTS_PER_PAGE);
  const path = page === 1 ? "/" : `/page/${page}`;
  return (
    <Document ctx={ctx} meta={{ path, title: siteName(ctx), description: ctx.settings.description || ctx.model.description || ctx.i18n.t("postsFrom", { name: siteName(ctx) }) }}>
      <Intro ctx={ctx} title={siteName(ctx)}>
        {ctx.model.tags.length ? (
          <nav aria-label={ctx.i18n.t("tags")}>
            <Tags ctx={ctx} tags={ctx.model.tags.map((t) => t.tag)} />
          </nav>
        ) : null}
      </Intro>
      {shown.length ? <div className="cards">{shown.map((e, i) => <PostCard key={e.pageId} ctx={ctx} entry={e} aboveFold={i === 0} />)}</div> : <p className="empty">{ctx.i18n.t("noPostsYet")}</p>}
      <Pagination ctx={ctx} page={page} pages={pages} />
      <SubscribeForm ctx={ctx} />
    </Document>
  );
}

export function EntryList({ ctx, title, path, entries, description }: { ctx: Ctx; title: string; path: string; entries: Entry[]; description: string }) {
  return (
    <Document ctx={ctx} meta={{ path, title, description, breadcrumbs: [{ name: siteName(ctx), path: "/" }, { name: title, path }] }}>
      <Intro ctx={ctx} title={title} />
      <div className="cards">{entries.map((e, i) => <PostCard key={e.pageId} ctx={ctx} entry={e} aboveFold={i === 0} />)}</div>
    </Document>
  );
}

function related(ctx: Ctx, entry: Entry): Entry[] {
  return ctx.model.entries
    .filter((e) => e.pageId !== entry.pageId)
    .map((e) => ({ e, score: e.tags.filter((t) => entry.tags.includes(t)).length }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || (b.e.date ?? "").localeCompare(a.e.date ?? ""))
    .slice(0, 3)
    .map((x) => x.e);
}

/** A roadmap item's changelog entries ("Shipped in"), or a changelog entry's roadmap items ("Roadmap:"). */
function LinkedPages({ label, className, pages }: { label: string; className: string; pages: { title: string; url: string }[] | undefined }) {
  if (!pages?.length) return null;
  return (
    <p className={`eyebrow ${className}`}>
      {label}{" "}
      {pages.map((p, i) => (
        <span key={p.url}>
          {i ? ", " : ""}
          <a href={p.url}>{p.title}</a>
        </span>
      ))}
    </p>
  );
}

export function EntryPage({ ctx, entry }: { ctx: Ctx; entry: Entry }) {
  const { siteType, entries } = ctx.model;
  const index = entries.findIndex((e) => e.pageId === entry.pageId);
  const newer = index > 0 ? entries[index - 1] : undefined;
  const older = index >= 0 && index < entries.length - 1 ? entries[index + 1] : undefined;
  const cover = lookSrc(ctx, entry.cover, entry.pageId, 1200);
  const { board, longReads, releaseVersions } = SITE_TYPE_INFO[siteType];
  const toc = longReads ? entry.headings : [];
  const image = absoluteImage(ctx, entry, 1200);
  const { t } = ctx.i18n;
  const title = releaseVersions && entry.version ? `${entry.title} (${entry.version})` : entry.title || t("untitled");
  const jsonLd = board
      ? roadmapItemJsonLd(ctx, entry)
      : {
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: entry.title,
          description: entry.description || undefined,
          datePublished: entry.date ?? undefined,
          dateModified: new Date(entry.lastEdited || ctx.now.getTime()).toISOString(),
          author: entry.authors.map((a) => ({ "@type": "Person", name: a.name })),
          image: image ?? undefined,
          mainEntityOfPage: absoluteUrl(ctx, entry.path),
        };
  const relatedPosts = longReads ? related(ctx, entry) : [];
  return (
    <Document ctx={ctx} meta={{ path: entry.path, title, description: entry.description || `${title} — ${siteName(ctx)}`, image, type: board ? "website" : "article", jsonLd: [jsonLd, faqJsonLd(entry.recordMap, entry.pageId)], breadcrumbs: [{ name: siteName(ctx), path: "/" }, { name: title, path: entry.path }] }}>
      <article className={`entry entry-${siteType}`}>
        <header className="entry-header">
          {board ? (
            <p className="eyebrow">
              <a href={href(ctx, "/")}>{t("roadmap")}</a> · <span className="status">{entry.status ?? t("noStatus")}</span>
            </p>
          ) : null}
          {releaseVersions && entry.version ? <p className="eyebrow version">{entry.version}</p> : null}
          <h1>{entry.title || t("untitled")}</h1>
          {entry.description ? <p className="lead">{entry.description}</p> : null}
          {!board ? <Byline ctx={ctx} entry={entry} /> : null}
          {board && ctx.roadmap ? <VoteForm ctx={ctx} itemId={entry.pageId} title={entry.title || t("untitled")} /> : null}
          <Tags ctx={ctx} tags={entry.tags} />
          <LinkedPages label={t(board ? "shippedIn" : "roadmapItems")} className={board ? "shipped-in" : "roadmap-items"} pages={(board ? ctx.roadmap?.shippedIn : ctx.roadmapItems)?.get(entry.pageId)} />
        </header>
        {cover ? <img className="entry-cover" src={cover} alt="" width={1200} height={630} fetchPriority="high" style={{ objectPosition: coverObjectPosition(entry.coverPosition) }} /> : null}
        {toc.length >= 2 ? (
          <nav className="toc" aria-label={t("onThisPage")}>
            <p>{t("onThisPage")}</p>
            <ol>
              {toc.map((h) => (
                // Only the top level is numbered (site.css counts [data-top]): a sub-heading is not the next point.
                <li key={h.id} className={`toc-level-${h.level}`} data-top={h.level === Math.min(...toc.map((t) => t.level)) ? "" : undefined}>
                  <a href={`#${h.id}`}>{h.text}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className="entry-body">{entry.recordMap ? <NotionBody ctx={ctx} recordMap={entry.recordMap} pageId={entry.pageId} /> : null}</div>
        <CommentsSection ctx={ctx} pageId={entry.pageId} />
      </article>
      {!board ? <PrevNext ctx={ctx} prev={older} next={newer} label={t("morePosts")} /> : null}
      {relatedPosts.length ? (
        <section className="related" aria-labelledby="related-title">
          <h2 id="related-title">{t("relatedPosts")}</h2>
          <div className="cards">{relatedPosts.map((e) => <PostCard key={e.pageId} ctx={ctx} entry={e} />)}</div>
        </section>
      ) : null}
      {siteTypeHas(siteType, "subscribers") ? <SubscribeForm ctx={ctx} /> : null}
    </Document>
  );
}

export function ChangelogIndex({ ctx }: { ctx: Ctx }) {
  return (
    <Document ctx={ctx} meta={{ path: "/", title: siteName(ctx), description: ctx.settings.description || ctx.model.description || ctx.i18n.t("whatsNewIn", { name: siteName(ctx) }) }}>
      <Intro ctx={ctx} title={siteName(ctx)} />
      <SubscribeForm ctx={ctx} />
      {ctx.model.tags.length ? (
        <nav className="tag-filter changelog-filter" aria-label={ctx.i18n.t("filterByTag")}>
          <a href={href(ctx, "/")} aria-current="page">
            {ctx.i18n.t("allTags")}
          </a>
          {ctx.model.tags.map((t) => (
            <a key={t.slug} href={href(ctx, `/tag/${t.slug}`)}>
              {t.tag}
            </a>
          ))}
        </nav>
      ) : null}
      <ol className="timeline">
        {ctx.model.entries.map((entry) => (
          <li key={entry.pageId} data-entry-date={entry.date ?? undefined}>
            <article className="release">
              <div className="release-meta">
                {entry.version ? <span className="version">{entry.version}</span> : null}
                {entry.date ? <time dateTime={entry.date}>{ctx.i18n.date(entry.date)}</time> : null}
              </div>
              <div className="release-body">
                <h2>
                  <a href={href(ctx, entry.path)}>{entry.title || ctx.i18n.t("untitled")}</a>
                </h2>
                <Tags ctx={ctx} tags={entry.tags} />
                {entry.recordMap ? <NotionBody ctx={ctx} recordMap={entry.recordMap} pageId={entry.pageId} /> : null}
              </div>
            </article>
          </li>
        ))}
      </ol>
      {siteTypeHas(ctx.model.siteType, "whatsNew") ? <script type="module" src={href(ctx, changelogScript().href)} /> : null}
    </Document>
  );
}

/** A card's vote button: a plain form (no `vote` field toggles the visitor's vote); the island posts it as JSON. */
function VoteForm({ ctx, itemId, title }: { ctx: Ctx; itemId: string; title: string }) {
  const count = ctx.roadmap?.counts.get(itemId) ?? 0;
  return (
    <form className="vote" method="post" action={href(ctx, "/_/vote")}>
      <input type="hidden" name="item" value={itemId} />
      <button type="submit" data-item={itemId} data-title={title}>
        <span className="visually-hidden">{`${ctx.i18n.t("voteFor", { title })} `}</span>
        <span aria-hidden="true">▲</span> <span className="vote-count">{count}</span>
        <span className="visually-hidden">{` ${ctx.i18n.t("votes")}`}</span>
      </button>
    </form>
  );
}

function IdeaForm({ ctx }: { ctx: Ctx }) {
  const { t } = ctx.i18n;
  return (
    <section className="idea" aria-labelledby="idea-title">
      <h2 id="idea-title">{t("suggestIdea")}</h2>
      <form method="post" action={href(ctx, "/_/ideas")}>
        <label>
          {t("ideaTitle")} <input name="title" required minLength={3} maxLength={120} />
        </label>
        <label>
          {t("ideaDetails")} <textarea name="details" maxLength={2000} rows={3} />
        </label>
        <label className="idea-email">
          {t("yourEmail")} <input type="email" name="email" maxLength={254} autoComplete="email" placeholder={t("emailNotNeededOnceVoted")} />
        </label>
        <button type="submit">{t("sendIdea")}</button>
      </form>
    </section>
  );
}

type BoardCard = { itemId: string; title: string; path: string | null; tags: string[]; description: string };

const CARD_LINE = 140;
/** A card's one line under its title (as Canny shows one): the entry's description or first line, cut at a word. */
export const cardLine = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > CARD_LINE ? `${line.slice(0, line.lastIndexOf(" ", CARD_LINE - 1) > 80 ? line.lastIndexOf(" ", CARD_LINE - 1) : CARD_LINE - 1)}…` : line;
};
const firstLineOf = (e: Entry) => firstLineOfPage(e.recordMap as Parameters<typeof firstLineOfPage>[0], e.pageId);

export function RoadmapBoard({ ctx }: { ctx: Ctx }) {
  const roadmap = ctx.roadmap;
  const votes = (c: BoardCard) => roadmap?.counts.get(c.itemId) ?? 0;
  const columns = ctx.model.columns.map((column) => {
    const cards: BoardCard[] = [
      ...column.entries.map((e) => ({ itemId: e.pageId, title: e.title || ctx.i18n.t("untitled"), path: e.path, tags: e.tags, description: cardLine(e.description || firstLineOf(e)) })),
      ...(roadmap?.ideas ?? []).filter((i) => i.status === column.status).map((i) => ({ itemId: i.itemId, title: i.title, path: null, tags: [], description: cardLine(i.details) })),
    ];
    if (roadmap?.sortByVotes) cards.sort((a, b) => votes(b) - votes(a));
    return { status: column.status, cards };
  });
  return (
    <Document ctx={ctx} meta={{ path: "/", title: siteName(ctx), description: ctx.settings.description || ctx.model.description || ctx.i18n.t("whatIsBeingWorkedOn", { name: siteName(ctx) }) }}>
      <Intro ctx={ctx} title={siteName(ctx)} />
      {roadmap ? (
        <p className="board-sort">
          {roadmap.sortByVotes ? <a href={href(ctx, "/")}>{ctx.i18n.t("notionOrder")}</a> : <a href={`${href(ctx, "/")}?sort=votes`}>{ctx.i18n.t("mostVotesFirst")}</a>}
        </p>
      ) : null}
      <div className="board">
        {columns.map((column) => (
          <section className="column" key={column.status} aria-labelledby={`col-${slugifyOrFallback(column.status, "none")}`}>
            <h2 id={`col-${slugifyOrFallback(column.status, "none")}`}>
              {column.status} <span className="count">{column.cards.length}</span>
            </h2>
            <ul>
              {column.cards.map((card) => (
                <li key={card.itemId} id={`vote-${card.itemId}`} className={roadmap ? "board-item" : undefined}>
                  {card.path ? (
                    <a className="board-card" href={href(ctx, card.path)}>
                      <span className="board-card-title">{card.title}</span>
                      {card.description ? <span className="board-card-desc">{card.description}</span> : null}
                      {card.tags.length ? <span className="board-card-tags">{card.tags.join(" · ")}</span> : null}
                    </a>
                  ) : (
                    <span className="board-card">
                      <span className="board-card-title">{card.title}</span>
                      {card.description ? <span className="board-card-desc">{card.description}</span> : null}
                    </span>
                  )}
                  {roadmap ? <VoteForm ctx={ctx} itemId={card.itemId} title={card.title} /> : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {roadmap ? <IdeaForm ctx={ctx} /> : null}
      {roadmap ? <script type="module" src={href(ctx, roadmap.votesScriptHref)} /> : null}
    </Document>
  );
}
