/**
 * localStorage that may be missing (disabled, full, private mode): a value that does not read back through its
 * schema (edited by hand, an older version) is as good as none, and a failed write only loses the copy.
 */
import * as v from "valibot";

export function readStored<S extends v.GenericSchema>(key: string, schema: S): v.InferOutput<S> | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed = v.safeParse(schema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function hasStored(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {}
}

export function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {}
}
