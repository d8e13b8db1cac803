import autocannon from "autocannon";

/**
 * One load generator in its own process (bench/analytics.ts spawns it), so a second load beside the first doesn't take
 * the first one's event loop: `pages` hits one page as fast as it is answered, `beacons` posts page-view beacons at a
 * fixed rate (0 = as fast as answered) from many visitors (a different X-Forwarded-For each). Prints "started" when the
 * load begins and, at the end, one line of JSON: requests/s, requests answered, non-2xx answers.
 */

type Load = { kind: "pages" | "beacons"; url: string; host: string; connections: number; seconds: number; rate?: number; paths?: string[] };

const load = JSON.parse(process.argv[2] ?? "{}") as Load;
const UAS = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
];
let n = 0;
const paths = load.paths ?? ["/"];
const bodies = paths.map((p) => JSON.stringify({ p, q: "", r: "https://www.google.com/" }));

const run = autocannon({
  url: load.url,
  connections: load.connections,
  duration: load.seconds,
  ...(load.rate ? { overallRate: load.rate } : {}),
  headers: { host: load.host },
  ...(load.kind === "beacons"
    ? {
        requests: [
          {
            method: "POST",
            setupRequest: (req) => {
              n++;
              return {
                ...req,
                headers: { host: load.host, "content-type": "text/plain;charset=UTF-8", "user-agent": UAS[n % UAS.length]!, "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
                body: bodies[n % bodies.length]!,
              };
            },
          },
        ],
      }
    : {}),
}) as unknown as Promise<autocannon.Result>;
console.log("started");
const result = await run;
// `requests.total` leaves out the last partial second; the status counters count every answer.
console.log(JSON.stringify({ perSecond: result.requests.average, answered: result["2xx"] + result.non2xx, non2xx: result.non2xx, errors: result.errors + result.timeouts }));
