// npm run seed -- --scale 10: rebuilds the local catalogue at a scale (1 = the product default).
import { ensureDeps } from "./lib.mjs";

ensureDeps();
const { reseed } = await import("./db.mjs");
const i = process.argv.indexOf("--scale");
const scale = i > 0 ? Number(process.argv[i + 1]) : 1;
if (!(scale > 0 && scale <= 20)) {
  console.error("✖ Масштаб должен быть числом от 0 до 20, например: npm run seed -- --scale 10");
  process.exit(1);
}
await reseed({ persistTo: process.env.PERSIST_TO ?? ".wrangler/state", scale });
