// Every limit on what a person types or sends (lengths, counts, sizes), written once: the schemas
// of this package (which the server validates with), the consoles' forms and their messages read
// these. This module imports no typebox, so a form that needs a limit does not bundle the schemas.

/** Maximum lengths in characters, by field. */
export const FIELD_LIMITS = {
  /** Title of an advice, a news item, a dashboard or a training. */
  title: 255,
  /** Subtitle of an advice or a news item. */
  subtitle: 255,
  /** Tag of a news item or a dashboard. */
  tag: 100,
  /** Address of a dashboard (https). */
  url: 2000,
  /** Rich-text description of a publishable item, in characters of HTML: at 10,000 nothing is sent. */
  description: 9999,
  /** Long plain texts: a user's welcome message and description, a ticket's description and replies. */
  longText: 9999,
  /** Name of a category. */
  categoryName: 100,
  /** Name of an entity or of a group. */
  name: 200,
  /** Name of a Power BI group (also each of a user's `pbi_groups`). */
  pbiGroupName: 255,
  /** First or last name of a user. */
  personName: 100,
  /** Name of an identity provider. */
  providerName: 100,
  /** Name of an image in the library. */
  imageName: 255,
  /** Description of an image in the library. */
  imageDescription: 1000,
  /** Title of a ticket. */
  ticketTitle: 200,
  /** Address slug of a training. */
  slug: 200,
  /** The search box of a list. */
  search: 200,
} as const;

/** Maximum counts and sizes. */
export const COUNT_LIMITS = {
  /** Items on one page of a list (`page_size`). */
  pageSize: 100,
  /** Duration of a training, in hours. */
  trainingHours: 9999,
  /** Members of a group set in one request. */
  groupMembers: 1000,
  /** Contacts (consultants) of one user. */
  contacts: 100,
  /** Power BI groups of one user. */
  pbiGroups: 100,
  /** Size of an uploaded image in bytes: refused at 50 MB or more. */
  imageBytes: 50 * 1024 * 1024,
} as const;

/** The most items one list answer holds, whatever the caller asks (every list route declares it). */
export const PAGE_SIZE_MAX = 100;

/** docs/product.md §9: the promise shown to customers; the server also caps a message at this many characters. */
export const MESSAGE_MAX_LENGTH = 5000;
