import { renderToStaticMarkup } from "react-dom/server";
import { NoticeDocument } from "./notice-page";
import type { Translator } from "@/lib/i18n/translator";

/**
 * The password page: no site name, no content, nothing to index. Its words are in the language the owner set (never the
 * one detected from the content, which the page must not hint at).
 */
export function renderPasswordPage({ action, next, error, i18n }: { action: string; next: string; error?: string; i18n: Translator }): string {
  const { t } = i18n;
  return `<!doctype html>${renderToStaticMarkup(
    <NoticeDocument title={t("passwordRequired")} robots="noindex,nofollow" bodyClass="gate" i18n={i18n}>
      <main className="gate">
        <h1>{t("passwordProtected")}</h1>
        <p>{t("enterPassword")}</p>
        {error ? <p role="alert">{error}</p> : null}
        <form method="post" action={action}>
          <input type="hidden" name="next" value={next} />
          <label htmlFor="password">{t("password")}</label>
          <input id="password" name="password" type="password" required autoComplete="current-password" autoFocus maxLength={200} />
          <button type="submit">{t("continue")}</button>
        </form>
      </main>
    </NoticeDocument>,
  )}`;
}
