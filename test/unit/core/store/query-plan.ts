// What SQLite plans for a query a test builds: its EXPLAIN QUERY PLAN lines, joined by " | ".
import { CompiledQuery, type Kysely } from 'kysely';

export async function queryPlan<DB>(db: Kysely<DB>, query: { compile(): CompiledQuery }): Promise<string> {
  const { sql: text, parameters } = query.compile();
  const rows = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
  );
  return rows.rows.map((r) => r.detail).join(' | ');
}
