/** A post's email: the owner previews it, sends a test to themselves, sends it to subscribers, and reads its send log. */
import { previewPostEmail } from "@/core/email/post-email/preview-post-email";
import { postEmailLog } from "@/core/email/post-email/post-email-log";
import { sendPostEmail, sendPostEmailInput } from "@/core/email/post-email/send-post-email";
import { postEmailInput } from "@/core/email/post-email/site-post";
import { method, type RpcContext } from "../method";

const postEmails = (ctx: RpcContext) => ({
  db: ctx.runtime.db,
  appsDomain: ctx.runtime.env.APPS_DOMAIN,
  getSnapshot: (id: string) => ctx.runtime.content.getSnapshot(id),
  fileOrigins: ctx.runtime.env.NOTION_FILE_HOSTS,
});

export const newsletterMethods = {
  previewPostEmail: method({
    role: "editor",
    summary: "Blogs and changelogs: a published post's email as subscribers get it (the whole post, email-safe HTML and plain text)",
    params: postEmailInput,
    result: "{subject, html, text}",
    errors: ["NOT_FOUND", "VALIDATION"],
    run: (ctx, p) => previewPostEmail(postEmails(ctx), ctx.ownerId, p),
  }),
  sendPostEmail: method({
    role: "admin",
    summary: "Sends a published post's email: `test: true` once to the caller, else to every confirmed subscriber who has not had it (failed sends are retried), in the background",
    params: sendPostEmailInput,
    result: "{test, to, queued}",
    errors: ["NOT_FOUND", "VALIDATION", "UPSTREAM"],
    run: (ctx, p) => sendPostEmail({ ...postEmails(ctx), email: ctx.runtime.email, billingEnabled: ctx.runtime.env.billingEnabled }, ctx.ownerId, ctx.email, p),
    audit: { action: { of: (p) => (p.test ? "post_email.tested" : "post_email.sent") }, details: (p, r) => ({ postId: p.postId, queued: r.queued }) },
  }),
  postEmailLog: method({
    role: "editor",
    summary: "A post's send log: emails queued, sent, failed and cancelled, and the latest failed tries with the provider's reason",
    params: postEmailInput,
    result: "{queued, sent, failed, cancelled, failures: [{email, status, attempts, lastError}]}",
    errors: ["NOT_FOUND"],
    run: (ctx, p) => postEmailLog(ctx.runtime.db, ctx.ownerId, p),
  }),
};
