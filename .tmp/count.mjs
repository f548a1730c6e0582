import * as esbuild from "esbuild";
const out = await esbuild.build({ stdin: { contents: 'export { generateSeed } from "./worker/db/seed/index.ts";', resolveDir: process.cwd(), loader: "ts" }, bundle: true, platform: "node", format: "esm", write: false, logLevel: "error" });
const { generateSeed } = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
const t0 = Date.now();
const tables = generateSeed(1);
for (const t of tables) if (t.rows.length > 5000) console.log(t.table, t.rows.length);
console.log("ms", Date.now() - t0);
