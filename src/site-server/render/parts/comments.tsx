import type { ReactNode } from "react";
import type { ShownComment } from "@/core/comments/list-comments";
import { href, type RenderContext } from "../context";

/**
 * A page's comments, rendered into the cached page: plain text (React escapes it; nothing the reader typed becomes
 * markup) with its http(s) links as links, replies one level under their comment, and plain forms that work without
 * JavaScript (a reply form opens in a <details>). No addresses are ever shown.
 */

const URL_RE = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={match[0]} rel="nofollow ugc noopener noreferrer">
        {match[0]}
      </a>,
    );
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}

function Body({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i}>{withLinks(paragraph)}</p>
      ))}
    </>
  );
}

function CommentForm({ ctx, pageId, replyTo, idSuffix }: { ctx: RenderContext; pageId: string; replyTo?: string; idSuffix: string }) {
  const { t } = ctx.i18n;
  return (
    <form className="comment-form" method="post" action={href(ctx, "/_/comments")}>
      <input type="hidden" name="page" value={pageId} />
      {replyTo ? <input type="hidden" name="replyTo" value={replyTo} /> : null}
      <label htmlFor={`comment-body-${idSuffix}`}>{t(replyTo ? "commentYourReply" : "commentYourComment")}</label>
      <textarea id={`comment-body-${idSuffix}`} name="body" required maxLength={2000} rows={4} />
      <label htmlFor={`comment-name-${idSuffix}`}>{t("commentYourName")}</label>
      <input id={`comment-name-${idSuffix}`} name="name" required maxLength={60} autoComplete="name" />
      <label htmlFor={`comment-email-${idSuffix}`}>{t("yourEmail")}</label>
      <input id={`comment-email-${idSuffix}`} name="email" type="email" required maxLength={254} autoComplete="email" />
      <p className="comment-note">{t("commentEmailNote")}</p>
      <button type="submit">{t(replyTo ? "commentPostReply" : "commentPost")}</button>
    </form>
  );
}

function Comment({ ctx, comment }: { ctx: RenderContext; comment: Omit<ShownComment, "replies"> }) {
  const date = comment.createdAt.toISOString();
  return (
    <article className="comment" id={`comment-${comment.id}`}>
      <p className="comment-meta">
        <span className="comment-author">{comment.authorName}</span> · <time dateTime={date}>{new Intl.DateTimeFormat(ctx.i18n.lang, { dateStyle: "medium" }).format(comment.createdAt)}</time>
      </p>
      <Body text={comment.body} />
    </article>
  );
}

export function CommentsSection({ ctx, pageId }: { ctx: RenderContext; pageId: string }) {
  const comments = ctx.comments;
  if (!comments || comments.pageId !== pageId) return null;
  const { t } = ctx.i18n;
  return (
    <section className="comments" id="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">{t("commentsTitle", { count: String(comments.list.length) })}</h2>
      {comments.list.map((comment) => (
        <div className="comment-thread" key={comment.id}>
          <Comment ctx={ctx} comment={comment} />
          {comment.replies.length ? (
            <div className="comment-replies">
              {comment.replies.map((reply) => (
                <Comment ctx={ctx} comment={reply} key={reply.id} />
              ))}
            </div>
          ) : null}
          <details className="comment-reply">
            <summary>{t("commentReply")}</summary>
            <CommentForm ctx={ctx} pageId={pageId} replyTo={comment.id} idSuffix={comment.id} />
          </details>
        </div>
      ))}
      <CommentForm ctx={ctx} pageId={pageId} idSuffix="new" />
    </section>
  );
}
