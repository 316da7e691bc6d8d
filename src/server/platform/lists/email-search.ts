import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * The search box matches any part of an address. Addresses are stored lower-cased, so the term
 * is lower-cased and compared with plain LIKE, which behaves the same on SQLite and PostgreSQL
 * (SQLite's LIKE ignores ASCII case, PostgreSQL's does not; lower-case on both sides makes that
 * moot). Returns undefined when there is nothing to search for.
 */
export function containsPattern(search: string | undefined): string | undefined {
  const term = search?.trim().toLowerCase();
  if (!term) return undefined;
  return `%${escapeLike(term)}%`;
}

/** `%`, `_` and the escape character itself match only themselves. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * `column LIKE pattern ESCAPE '\'` (SQLite has no default escape character, so it is spelled
 * out), or no condition at all without a pattern.
 */
export function emailMatches(
  column: Expression<string>,
  pattern: string | undefined,
): Expression<SqlBool> {
  return pattern === undefined
    ? sql<SqlBool>`true`
    : sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}
