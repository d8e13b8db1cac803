/** The README.md written into every export: how to serve the folder, and what the static copy does without. */
export function exportReadme({ origin, basePath, pages }: { origin: string; basePath: string; pages: number }): string {
  const root = basePath ? `at ${basePath}/ (the site's path prefix)` : "at the root of a domain";
  return `# Static copy of ${origin}${basePath}/

${pages} pages exported from ${origin}${basePath}/ on ${new Date().toISOString().slice(0, 10)}, as plain files for any
static host (Netlify, Cloudflare Pages, GitHub Pages, S3, nginx, \`npx serve\`).

## Serving it

- Serve this folder ${root}: links between pages are absolute paths (\`/guide/setup\`), so they resolve only there.
- Every page is a folder with an \`index.html\` (\`/guide/setup\` is \`guide/setup/index.html\`): a static host serves
  \`/guide/setup/\` from it, and most serve \`/guide/setup\` too (or redirect it to the trailing slash).
- \`404.html\` is the site's "page not found" page, where the host supports one.
- Asset addresses keep their \`?v=…\` version; static hosts ignore the query and serve the file.

## What is here

- Every page reachable from the home page or the sitemap, exactly as the site server renders it.
- Each page's Markdown twin (\`<page>.md\`, \`index.md\` for the home page), \`llms.txt\`, \`llms-full.txt\`,
  \`sitemap.xml\`, \`robots.txt\`, and \`rss.xml\` for blogs and changelogs.
- The stylesheet, fonts and images under \`_/\`.

## What needs the live site (left out, or a link to it)

- Search, the visitor chat, roadmap votes, subscribing, page feedback and comments: their forms are replaced by a link
  to the same page on ${origin}, links to the chat lead there, and the scripts that call them are left out.
- Built-in analytics: the page-view beacon is removed, so visits to this copy are not counted.
- Contents highlighting and "copy as Markdown" (they ride on the script that also runs search): the contents list
  still links to each heading; the Markdown twin is next to each page.
- The sitemap, feed and canonical links still name ${origin}: search engines keep treating the live site as the original.
`;
}
