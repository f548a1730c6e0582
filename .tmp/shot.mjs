import { chromium } from "@playwright/test";
const [, , url, name, width = "1440", full = "1", selector] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, locale: "ru-RU", timezoneId: "Europe/Moscow" });
await page.goto(`http://127.0.0.1:8897${url}`, { waitUntil: "networkidle" });
if (selector) { const el = page.locator(selector).first(); await el.scrollIntoViewIfNeeded(); await el.screenshot({ path: `/work/shots/decide/${name}.png` }); }
else await page.screenshot({ path: `/work/shots/decide/${name}.png`, fullPage: full === "1" });
await browser.close();
