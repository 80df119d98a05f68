import { getTableColumns, sql, type InferSelectModel, type SQL, type Table } from "drizzle-orm";

/**
 * Several reads in one statement: each read is a scalar subquery that returns its row (or rows)
 * as JSON, and `fromJsonRow` turns such a row back into what Drizzle's select would have given.
 * One round trip instead of one per table, where a command needs a few small reads together.
 */

/** `json_build_object('field', "table"."column", …)` of every column of a table, keyed by field. */
export function jsonRow(table: Table): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(
    ([field, column]) => sql`${sql.raw(`'${field}'`)}, ${column}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * A row read through `jsonRow`, typed and valued as Drizzle's select gives it: timestamps back to
 * dates (JSON gives them with their offset, to the microsecond; a Date keeps the millisecond as
 * the driver does), everything else as JSON gave it (numbers, text, booleans, jsonb values).
 */
export function fromJsonRow<T extends Table>(table: T, value: unknown): InferSelectModel<T> {
  const json = value as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const v = json[field];
    row[field] =
      v === null || v === undefined ? null : column.dataType === "date" ? new Date(v as string) : v;
  }
  return row as InferSelectModel<T>;
}

/** The rows of a `json_agg(jsonRow(table))` (null when no row matched). */
export function fromJsonRows<T extends Table>(table: T, value: unknown): InferSelectModel<T>[] {
  return Array.isArray(value) ? value.map((v) => fromJsonRow(table, v)) : [];
}

/**
 * The rows a raw statement's `RETURNING *` of `table` gave (`tx.execute`: keyed by column name,
 * valued by the driver as Drizzle configures it, timestamps as text), as Drizzle's insert …
 * returning() would have given them: each value through its column's own mapping.
 */
export function fromReturnedRows<T extends Table>(
  table: T,
  rows: readonly Record<string, unknown>[],
): InferSelectModel<T>[] {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [field, column] of columns) {
      const value = raw[column.name];
      row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  });
}
