import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

// Short words alone, in the queue's text filter and in the search box, are whole names or companies
// (docs/decisions/160): the search index's trigrams match nothing under three characters, and a two-letter
// word is almost always a name (Li, Wu, 王伟) or a company (HP).

/**
 * The ids of the rows of `table` in which each word is the whole value of one of `columns`, ASCII case
 * aside, read from those columns' NOCASE indexes. One word is a union of lookups that yields its ids in
 * order as it reads them (a page stops early); more words travel as one JSON array, so sixteen of them stay
 * far inside D1's 100 bound values, each word looked up in the indexes (CROSS JOIN keeps the words outside
 * whatever statistics say: scanning the table for each word instead took 16 s at a million). `within`
 * narrows each lookup (a span of ids, which the indexes seek).
 */
export function namedIds(
  table: SQLWrapper,
  id: SQLWrapper,
  columns: readonly SQLWrapper[],
  words: readonly string[],
  within?: SQL,
): SQL {
  const also = within ? sql` AND ${within}` : sql``;
  const [only] = words;
  if (words.length === 1 && only !== undefined) {
    const lookups = columns.map(
      (column) => sql`SELECT ${id} AS id FROM ${table} WHERE ${column} = ${only} COLLATE NOCASE${also}`,
    );
    return sql.join(lookups, sql` UNION `);
  }
  const list = JSON.stringify(words);
  const found = columns.map(
    (column) => sql`SELECT ${id} AS id, word.value AS word FROM json_each(${list}) AS word
      CROSS JOIN ${table} ON ${column} = word.value COLLATE NOCASE${also}`,
  );
  return sql`SELECT id FROM (${sql.join(found, sql` UNION `)})
    GROUP BY id HAVING count(DISTINCT word) = ${words.length}`;
}
