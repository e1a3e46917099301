import { NotFoundError } from "../http/errors.js";

/** An in-memory table: enough of a database for the example, with stable, readable ids. */
export class Collection<T extends { id: string }> {
  private readonly rows = new Map<string, T>();
  private counter = 0;

  constructor(
    readonly noun: string,
    private readonly prefix: string,
    seed: readonly T[] = [],
  ) {
    for (const row of seed) this.rows.set(row.id, structuredClone(row));
    this.counter = seed.length;
  }

  list(filter?: (row: T) => boolean): T[] {
    const all = [...this.rows.values()];
    return filter ? all.filter(filter) : all;
  }

  /** Ids come from path parameters, which Express types loosely; anything else simply is not found. */
  find(id: unknown): T | undefined {
    return typeof id === "string" ? this.rows.get(id) : undefined;
  }

  get(id: unknown): T {
    const row = this.find(id);
    if (!row) throw new NotFoundError(this.noun, String(id));
    return row;
  }

  create(data: Omit<T, "id">): T {
    this.counter += 1;
    const row = { ...data, id: `${this.prefix}_${String(this.counter).padStart(4, "0")}` } as T;
    this.rows.set(row.id, row);
    return row;
  }

  update(id: unknown, patch: Partial<Omit<T, "id">>): T {
    const existing = this.get(id);
    const row = { ...existing, ...patch, id: existing.id };
    this.rows.set(existing.id, row);
    return row;
  }

  remove(id: unknown): T {
    const row = this.get(id);
    this.rows.delete(row.id);
    return row;
  }
}
