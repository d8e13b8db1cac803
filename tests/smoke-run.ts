import { startSitesApp, workspaceIndex } from "./helpers/sites";
import { launchBrowser } from "./e2e/browser";
const s = await startSitesApp([
  { siteType: "docs", page: workspaceIndex.docs! },
  { siteType: "help_desk", page: workspaceIndex.help_desk!, settings: { contactUrl: "mailto:help@lumen.example" } },
  { siteType: "simple", page: workspaceIndex.simple! },
  { siteType: "docsv2", page: workspaceIndex.docsv2!, settings: { versions: [{ label: "v2", notionPageUrl: workspaceIndex.docsv2Versions.v2 }, { label: "v1", notionPageUrl: workspaceIndex.docsv2Versions.v1 }] } },
]);
const browser = await launchBrowser([`--host-resolver-rules=MAP *.localhost 127.0.0.1`]);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(e.message));
  for (const [i, p, name] of [[0, "/getting-started/installing-on-your-framework/nextjs", "docs"], [1, "/", "help"], [1, "/installing-the-script/why-dont-i-see-any-visitors", "help-article"], [2, "/", "simple"], [3, "/v1", "docsv2"]] as const) {
    const r = await page.goto(`http://${s.hosts[i]}${p}`);
    console.log(name, r?.status());
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `/tmp/shot-${name}.png` });
  }
  await page.goto(`http://${s.hosts[0]}/`);
  await page.keyboard.press("Control+k");
  await page.keyboard.type("nextj");
  await page.waitForTimeout(600);
  await page.screenshot({ path: `/tmp/shot-search.png` });
  console.log("errors", errors);
  for (const p of ["/llms.txt", "/getting-started/quick-start.md", "/_/search?q=script"]) {
    const r = await fetch(`http://127.0.0.1:${s.app.port}${p}`, { headers: { host: s.hosts[0]! } }).catch(() => null);
    void r;
  }
} finally {
  await browser.close();
  console.log(s.app.output().slice(-1500));
  await s.stop();
}
