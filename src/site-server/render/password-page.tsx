import { renderToStaticMarkup } from "react-dom/server";
import { NoticeDocument } from "./notice-page";

/** The password page: no site name, no content, nothing to index. */
export function renderPasswordPage({ action, next, error }: { action: string; next: string; error?: string }): string {
  return `<!doctype html>${renderToStaticMarkup(
    <NoticeDocument title="Password required" robots="noindex,nofollow" bodyClass="gate">
      <main className="gate">
        <h1>This site is password protected</h1>
        <p>Enter the password to continue.</p>
        {error ? <p role="alert">{error}</p> : null}
        <form method="post" action={action}>
          <input type="hidden" name="next" value={next} />
          <label htmlFor="password">Password</label>
          <input id="password" name="password" type="password" required autoComplete="current-password" autoFocus maxLength={200} />
          <button type="submit">Continue</button>
        </form>
      </main>
    </NoticeDocument>,
  )}`;
}
