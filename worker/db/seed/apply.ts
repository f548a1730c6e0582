/** Writes the seed of a scale into a D1 database (the workers-pool tests use it; Node goes through Miniflare). */
import { generateSeed } from "./index";
import { insertStatements } from "./sql";

export async function applySeed(db: D1Database, scale: number): Promise<void> {
  const statements = [...insertStatements(generateSeed(scale))];
  for (let i = 0; i < statements.length; i += 10) {
    await db.batch(statements.slice(i, i + 10).map((s) => db.prepare(s)));
  }
}
