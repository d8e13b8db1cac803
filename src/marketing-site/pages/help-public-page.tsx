import type { PageMeta } from "../page-meta";

export const meta: PageMeta = {
  title: "How to make a Notion page public",
  description: "Share your Notion page to the web so it can be published as a website.",
  path: "/help/make-a-notion-page-public",
};

/** docs/product.md §2: the help screen on making a Notion page public, linked from the create flow's private-page message. */
export function MakeNotionPagePublicHelp() {
  return (
    <article className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-semibold">How to make a Notion page public</h1>
      <p className="mt-4 text-neutral-700">
        Your site is built from a Notion page that anyone can read. Notion pages are private until you publish them, so a new
        site needs this once per page (sub-pages and database rows follow their parent).
      </p>
      <figure className="mt-6">
        <img
          src="/help/share-to-web.svg"
          width={640}
          height={300}
          alt="Recreation of Notion's Share menu: the Publish tab is open and Publish to web is switched on"
          className="h-auto w-full rounded-lg border border-neutral-200"
        />
        <figcaption className="mt-2 text-sm text-neutral-700">
          Notion&rsquo;s Share menu with the Publish tab open, redrawn by us (Notion changes its interface from time to time, so
          yours may look slightly different).
        </figcaption>
      </figure>
      <ol className="mt-6 list-decimal space-y-3 pl-6 text-neutral-800">
        <li>Open the page in Notion and click <strong>Share</strong> at the top right.</li>
        <li>Choose the <strong>Publish</strong> tab and click <strong>Publish</strong> (older workspaces: turn on <strong>Share to web</strong>).</li>
        <li>Leave “Allow editing” and “Allow comments” off; your site only needs to read the page.</li>
        <li>Click <strong>Copy link</strong> and paste it into the create form.</li>
      </ol>
      <p className="mt-6 text-neutral-700">
        Changes you make in Notion appear on your site within seconds of the next visit; there is nothing to redeploy. If you
        unpublish the page, your site keeps showing its last good copy.
      </p>
      <p className="mt-8">
        <a href="/new-site" className="rounded-md bg-[#2255dd] px-4 py-2 font-medium text-white hover:bg-[#1a44b8]">
          Back to creating your site
        </a>
      </p>
    </article>
  );
}
