import http from "node:http";
import { chromium } from "@playwright/test";
const BASE = "http://localhost:3997";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu"] });
const ctx = await browser.newContext({ serviceWorkers: "block" });
const tab = await ctx.newPage();
const requested = new Set();
tab.on("request", (r) => { if (r.resourceType() === "script") requested.add(new URL(r.url()).pathname); });
await tab.goto(BASE + "/home");
await tab.waitForTimeout(6000);
await tab.waitForLoadState("networkidle");
await browser.close();
let total = 0;
for (const p of requested) {
  const b = await new Promise((ok) => http.get(BASE + p, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } }, (res) => { let n = 0; res.on("data", (c) => (n += c.length)); res.on("end", () => ok(n)); }));
  total += b;
}
const sizes=[];for (const p of requested){sizes.push(p)};console.log(sizes.join(" "));console.log(requested.size, "files", total, "bytes", (total/1024).toFixed(1), "KiB", [...requested].filter(p=>p.includes("dedication")));
