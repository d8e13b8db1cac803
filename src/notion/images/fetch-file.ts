import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { AppError } from "@/lib/errors";

/**
 * Fetching a Notion-hosted file, and nothing else: https to Notion's own file hosts, or an exact origin the
 * operator listed in NOTION_FILE_HOSTS (the stand-in in tests). Addresses are checked when the socket connects, so
 * a name that resolves to a private address is refused even if DNS changes between checks. Size and time capped.
 */

export const MAX_FILE_BYTES = 25 * 1024 * 1024;
export const FILE_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

/**
 * Notion's own file hosts, named exactly: its file and image services, and its S3
 * bucket for uploads (`prod-files-secure`, us-west-2). Any other bucket on amazonaws.com could be anyone's.
 */
const NOTION_FILE_HOSTS = new Set([
  "file.notion.so",
  "file.notion.com",
  "www.notion.so",
  "notion.so",
  "img.notionusercontent.com",
  "secure.notion-static.com",
  // Public uploads (page icons and covers of templates, older public files), served like the secure ones.
  "public.notion-static.com",
  "prod-files-secure.s3.us-west-2.amazonaws.com",
]);
/** Older uploads: Notion's `secure.notion-static.com` bucket addressed by path on the regional S3 endpoint. */
const LEGACY_BUCKET_HOSTS = new Set(["s3.us-west-2.amazonaws.com", "s3-us-west-2.amazonaws.com"]);
const LEGACY_BUCKET_PATH = "/secure.notion-static.com/";

/** Is this one of Notion's file hosts (https only)? */
export function isNotionFileHost(url: URL): boolean {
  if (url.protocol !== "https:") return false;
  const host = url.hostname.toLowerCase();
  return NOTION_FILE_HOSTS.has(host) || (LEGACY_BUCKET_HOSTS.has(host) && url.pathname.startsWith(LEGACY_BUCKET_PATH));
}

export const notAllowed = () => new AppError("FORBIDDEN", "This file address is not allowed");

/**
 * Which hosts a fetch may reach: Notion's file hosts only, or also any public https host (an external cover or icon
 * the site's page names, which Notion itself proxies: docs/product.md D3).
 */
export type FileHosts = "notion" | "public";

/** Throws unless the URL may be fetched; returns whether the private-address rule applies to it. */
export function checkFileUrl(raw: string, extraOrigins: readonly string[], hosts: FileHosts = "notion"): { url: URL; checkAddresses: boolean } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw notAllowed();
  }
  if (extraOrigins.includes(url.origin)) return { url, checkAddresses: false };
  if (!isNotionFileHost(url) && !(hosts === "public" && url.protocol === "https:")) throw notAllowed();
  // A literal address never goes through DNS, so the connect-time check would not see it.
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(literal) && !isPublicAddress(literal)) throw notAllowed();
  return { url, checkAddresses: true };
}

/** Only public unicast addresses. */
export function isPublicAddress(address: string): boolean {
  try {
    const parsed = ipaddr.process(address);
    return parsed.range() === "unicast";
  } catch {
    return false;
  }
}

const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (bad || !list.length) {
      return callback(Object.assign(new Error(`refused: ${hostname} resolves to a private address`), { code: "EPRIVATE" }), "", 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

export type FetchedFile = { body: Buffer; contentType: string };

/** GET with redirects re-checked hop by hop. */
export async function fetchAllowedFile(
  raw: string,
  extraOrigins: readonly string[],
  opts: { maxBytes?: number; timeoutMs?: number; hosts?: FileHosts } = {},
): Promise<FetchedFile> {
  let current = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const { url, checkAddresses } = checkFileUrl(current, extraOrigins, opts.hosts);
    const answer = await getOnce(url, checkAddresses, opts.maxBytes ?? MAX_FILE_BYTES, opts.timeoutMs ?? FILE_TIMEOUT_MS);
    if ("redirect" in answer) {
      current = new URL(answer.redirect, url).toString();
      continue;
    }
    return answer;
  }
  throw new AppError("UPSTREAM", "The file could not be fetched: too many redirects");
}

function getOnce(url: URL, checkAddresses: boolean, maxBytes: number, timeoutMs: number): Promise<FetchedFile | { redirect: string }> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const fail = (message: string, cause?: unknown) => reject(new AppError("UPSTREAM", `The file could not be fetched: ${message}`, { cause }));
    const req = client.get(url, { lookup: checkAddresses ? publicOnlyLookup : undefined, timeout: timeoutMs, headers: { accept: "image/*,*/*;q=0.5" } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ redirect: res.headers.location });
      }
      if (status !== 200) {
        res.resume();
        return fail(`HTTP ${status}`);
      }
      const declared = Number(res.headers["content-length"] ?? 0);
      if (declared > maxBytes) {
        res.destroy();
        return fail("too large");
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          fail("too large");
          return;
        }
        chunks.push(chunk);
      });
      res.on("end", () => resolve({ body: Buffer.concat(chunks), contentType: String(res.headers["content-type"] ?? "application/octet-stream") }));
      res.on("error", (err) => fail("connection failed", err));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (err) => {
      if ((err as NodeJS.ErrnoException).code === "EPRIVATE") reject(notAllowed());
      else fail(err.message, err);
    });
  });
}
