/**
 * The inbox search box: which words a query holds, and how each engine is asked for them.
 *
 * A word is a run of letters, digits and combining marks; anything else separates words, as the
 * stored side splits them (migrations/007-search.ts), so an e-mail address or a URL is found by
 * its parts. An entry matches when it holds every word of the query. What was typed without a
 * space (`example.com`, `visitor12@example.com`) must appear as those words in that order, and
 * the last word also finds longer words it starts (`check` finds `checkout`) once it has
 * MIN_PREFIX_LENGTH characters: a shorter start matches most of the index and costs as much.
 *
 * Each word is quoted, so nothing typed is ever read as FTS5 or tsquery syntax (`OR`, `NEAR(`,
 * `*`, `-`, `:`, quotes); a query with no word at all (only punctuation or emoji) finds nothing.
 * feedback-search.repo.ts runs them.
 */
export const MIN_PREFIX_LENGTH = 3;

export interface SearchQuery {
  /** The words of each space-separated part of the query, in order. */
  phrases: string[][];
  /** Whether the query's last word also matches the start of longer words. */
  prefix: boolean;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** The words of `q`; no phrases when it holds none. */
export function parseSearch(q: string): SearchQuery {
  const phrases = q
    .normalize('NFC')
    .split(/\s+/u)
    .map((part) => part.match(WORD) ?? [])
    .filter((words) => words.length > 0);
  const last = phrases.at(-1)?.at(-1) ?? '';
  return { phrases, prefix: [...last].length >= MIN_PREFIX_LENGTH };
}

const isLast = <T>(items: readonly T[], index: number) => index === items.length - 1;

/** The query's last word, lower-cased as the index holds its words: the start of the words it finds. */
export function prefixOf(search: SearchQuery): string | null {
  if (!search.prefix) return null;
  // Letter by letter: a whole word's lower case may depend on context (a Greek final sigma).
  return [...(search.phrases.at(-1)?.at(-1) ?? '')].map((letter) => letter.toLowerCase()).join('');
}

const quotedPhrase = (words: readonly string[]) => `"${words.join(' ').replaceAll('"', '""')}"`;

/**
 * An FTS5 MATCH expression: a quoted phrase per part, all required. The last word's prefix is
 * either `*` or, given `completions` (the indexed words it starts), one phrase per completion.
 */
export function ftsQueryOf(search: SearchQuery, completions: readonly string[] = []): string {
  return search.phrases
    .map((words, index) => {
      if (!isLast(search.phrases, index) || !search.prefix) return quotedPhrase(words);
      if (completions.length === 0) return `${quotedPhrase(words)}*`;
      const alternatives = completions.map((completion) => quotedPhrase([...words.slice(0, -1), completion]));
      return `(${alternatives.join(' OR ')})`;
    })
    .join(' AND ');
}

/**
 * SQLite's MATCH text of `workspaceId`'s entries holding `words` (an ftsQueryOf text): the owner's id
 * as a phrase of its own column, and the words in any column but that one, so what is typed never
 * matches an id. FTS5 then reads the two in step, so a word common among other owners is skipped
 * over, not read (the last word's longer words are still looked up among everyone's: see
 * feedback-search.repo.ts). The phrase narrows, the query's `workspace_id =` decides: the phrase also
 * matches an id that holds this one's words (`a-b` in `a-b-c`), and an id with no word at all
 * is not narrowed.
 */
export function ftsOwnerQueryOf(workspaceId: string, words: string): string {
  const typed = ftsAnyOwnerQueryOf(words);
  return workspaceId.match(WORD) === null ? typed : `workspace_id : ${quotedPhrase([workspaceId])} AND ${typed}`;
}

/** SQLite's MATCH text of every owner's entries holding `words`, in any column but the owner's. */
export function ftsAnyOwnerQueryOf(words: string): string {
  return `- workspace_id : (${words})`;
}

/** A to_tsquery text: each word quoted, a part's words adjacent (`<->`), the parts all required (`&`). */
export function tsQueryOf(search: SearchQuery): string {
  return search.phrases
    .map((words, phraseIndex) =>
      words
        .map((word, wordIndex) => {
          const quoted = `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
          const prefix = search.prefix && isLast(search.phrases, phraseIndex) && isLast(words, wordIndex);
          return prefix ? `${quoted}:*` : quoted;
        })
        .join(' <-> '),
    )
    .join(' & ');
}
