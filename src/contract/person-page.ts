/**
 * Pages for people (a confirmation, an unsubscribe, a copy of one's data, its deletion, the
 * sign-in popup's answer): the server fills the prerendered page at PERSON_PAGE_PATH, which has
 * the site's header, footer, fonts and stylesheet, with the page's title and its text. Never
 * served at its own address. Shared by the server and the site (no zod).
 */
export const PERSON_PAGE_PATH = '/person-page';

/** Text in the prerendered page that the server replaces. */
export const PERSON_PAGE_SLOTS = {
  /** The whole document title (HTML-escaped). */
  documentTitle: '__PERSON_PAGE_DOCUMENT_TITLE__',
  /** The heading (HTML-escaped). */
  title: '__PERSON_PAGE_TITLE__',
  /** The markup below the heading, already escaped by the server. */
  body: '__PERSON_PAGE_BODY__',
} as const;
