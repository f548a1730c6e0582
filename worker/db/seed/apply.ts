/** Writes the seed of a scale into a D1 database (the workers-pool tests use it; Node goes through Miniflare). */
import { seedStatements } from "./cli";

export async function applySeed(db: D1Database, scale: number): Promise<void> {
  const { statements } = seedStatements(scale);
  for (let i = 0; i < statements.length; i += 10) {
    await db.batch(statements.slice(i, i + 10).map((s) => db.prepare(s)));
  }
}
