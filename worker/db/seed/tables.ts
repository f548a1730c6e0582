/** Seed output: rows per table, in insertion order. */
export type Cell = string | number | null;

export interface TableRows {
  table: string;
  columns: string[];
  rows: Cell[][];
}

export class Tables {
  private readonly byName = new Map<string, TableRows>();

  add(table: string, record: Record<string, Cell | undefined>): void {
    let t = this.byName.get(table);
    if (!t) {
      t = { table, columns: Object.keys(record), rows: [] };
      this.byName.set(table, t);
    }
    t.rows.push(t.columns.map((c) => record[c] ?? null));
  }

  /** Updates the row whose `column` equals `value`. */
  patchWhere(table: string, column: string, value: Cell, updates: Record<string, Cell>): void {
    const t = this.byName.get(table);
    if (!t) return;
    const key = t.columns.indexOf(column);
    const row = t.rows.find((r) => r[key] === value);
    if (!row) return;
    for (const [c, v] of Object.entries(updates)) {
      const i = t.columns.indexOf(c);
      if (i < 0) throw new Error(`${table}.${c}: unknown column`);
      row[i] = v;
    }
  }

  /**
   * Sets columns of every row of a table at once (new columns are added, empty in the rows `update` skips):
   * `update` answers a row's new values, or nothing to leave it.
   */
  patchRows(table: string, update: (record: Record<string, Cell>) => Record<string, Cell> | undefined): void {
    const t = this.byName.get(table);
    if (!t) return;
    for (const r of t.rows) {
      const changes = update(Object.fromEntries(t.columns.map((c, i) => [c, r[i] ?? null])));
      for (const [c, v] of Object.entries(changes ?? {})) {
        let i = t.columns.indexOf(c);
        if (i < 0) {
          t.columns.push(c);
          for (const row of t.rows) row.push(null);
          i = t.columns.length - 1;
        }
        r[i] = v;
      }
    }
  }

  /** The rows of a table as records (a copy). */
  records(table: string): Record<string, Cell>[] {
    const t = this.byName.get(table);
    if (!t) return [];
    return t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i] ?? null])));
  }

  list(): TableRows[] {
    return [...this.byName.values()];
  }

  count(table: string): number {
    return this.byName.get(table)?.rows.length ?? 0;
  }
}
