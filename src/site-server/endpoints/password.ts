import { clientProtocol } from "@/http/client-address";
import { noteWrongSitePassword, sitePasswordLockoutOf } from "@/core/sites/site-password-lockout";
import { accessCookie, checkPassword, safeNext, sendPasswordForm } from "../password-gate";
import { readSmallBody } from "../respond";
import { MAX_FORM_BYTES, visitorKey, type Endpoint } from "./context";

/**
 * A protected site's password form (GET) and its answer (POST: the access cookie, then back where the visitor was).
 * Tries are limited per visitor (an IPv6 /64 is one visitor) and, for wrong ones, per site from every address.
 */
export const passwordEndpoint: Endpoint = {
  path: "/_/password",
  methods: ["GET", "POST"],
  servedWhenLocked: true,
  appliesTo: (site) => Boolean(site.passwordHash),
  summary: "A protected site's password form; POST sets the access cookie.",
  async handler(req, res, site, ctx) {
    if (req.method === "GET") return sendPasswordForm(res, site, safeNext(ctx.search.get("next"), site.basePath));
    const key = visitorKey(ctx, req, site);
    const body = await readSmallBody(req, MAX_FORM_BYTES);
    const form = new URLSearchParams(body ?? "");
    const next = safeNext(form.get("next"), site.basePath);
    if (!(await ctx.take("sitePassword", key))) {
      return sendPasswordForm(res, site, next, { status: 429, error: "tooManyAttempts" });
    }
    const { db, email, env } = ctx.runtime;
    if ((await sitePasswordLockoutOf(db, site.id)).locked) return sendPasswordForm(res, site, next, { status: 429, error: "tooManyWrongPasswords" });
    if (body === null || !(await checkPassword(site, form.get("password") ?? ""))) {
      await noteWrongSitePassword({ db, email, appUrl: env.APP_URL, appsDomain: env.APPS_DOMAIN }, site.id).catch((err: unknown) =>
        console.error(`[site] could not count a wrong password on site ${site.id}:`, err),
      );
      return sendPasswordForm(res, site, next, { status: 401, error: "wrongPassword" });
    }
    const secure = site.origin.startsWith("https:") && clientProtocol(req, ctx.runtime.env.TRUST_PROXY) === "https";
    res.writeHead(303, { location: next, "set-cookie": accessCookie(ctx.runtime.authSecret, site, secure), "cache-control": "no-store" }).end();
  },
};
