/**
 * The reverse-proxy examples of /docs/features/hosting-under-a-docs-path (docs/contracts.md §4 "Hosting under a path"): the
 * owner's server forwards `<prefix>` and everything below it, path unchanged, to the site's own address, with the
 * site's host as Host (the site server picks the site by host). One function writes all four examples so the docs
 * page shows exactly what the tests run.
 */
export type ProxyExampleInput = {
  /** The site's public URL setting, e.g. https://example.com/docs. */
  publicUrl: string;
  /** The site's own address, e.g. https://acme.example.site. */
  siteAddress: string;
};

export type ProxyExamples = { nginx: string; caddy: string; nextjs: string; cloudflare: string };

export function docsPathPrefix(publicUrl: string): string {
  return new URL(publicUrl).pathname.replace(/\/+$/, "");
}

export function proxyExamples({ publicUrl, siteAddress }: ProxyExampleInput): ProxyExamples {
  const prefix = docsPathPrefix(publicUrl);
  if (!prefix) throw new Error("The public URL needs a path, e.g. https://example.com/docs");
  const site = new URL(siteAddress);
  const origin = site.origin;
  const host = site.host;
  const ownHost = new URL(publicUrl).host;
  const tls = site.protocol === "https:" ? `\n    proxy_ssl_server_name on;\n    proxy_ssl_name ${site.hostname};` : "";

  const nginx = `# Inside the server { } block of ${ownHost}
location = ${prefix} {
    return 301 ${prefix}/;
}
location ${prefix}/ {
    # No path after the address: the request path (${prefix}/…) is forwarded unchanged.
    proxy_pass ${origin};
    proxy_set_header Host ${host};${tls}
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
}`;

  const caddy = `${ownHost} {
	redir ${prefix} ${prefix}/ 301
	# handle (not handle_path) keeps the ${prefix} prefix on the forwarded path.
	handle ${prefix}/* {
		reverse_proxy ${origin} {
			header_up Host {upstream_hostport}
		}
	}
	# … the rest of your site
}`;

  const nextjs = `// next.config.js of the app at ${ownHost}
module.exports = {
  async rewrites() {
    return [
      { source: "${prefix}", destination: "${origin}${prefix}/" },
      { source: "${prefix}/:path*", destination: "${origin}${prefix}/:path*" },
    ];
  },
};`;

  const cloudflare = `// A Worker on the route ${ownHost}${prefix}*
const SITE = "${origin}";

export default {
  async fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "${prefix}") return Response.redirect(url.origin + "${prefix}/", 301);
    if (!url.pathname.startsWith("${prefix}/")) return fetch(request);
    // Same path and query, the site's own host; redirects go back to the browser as they are.
    return fetch(new Request(SITE + url.pathname + url.search, request), { redirect: "manual" });
  },
};`;

  return { nginx, caddy, nextjs, cloudflare };
}
