/** Header names of docs/product.md §7, written once for the server and the browser. */
export const HEADERS = {
  entityId: 'X-Entity-ID',
  displayAsUserId: 'Display-As-User-Id',
  mainAdminPage: 'Main-Admin-Page',
} as const;

/** Local storage keys of docs/product.md §4 (session and login). */
export const STORAGE_KEYS = {
  /** One access-token key per backend API. */
  hubToken: 'hub.token.api',
  filesToken: 'hub.token.files',
  /** The identity token the access tokens were exchanged from (the reporting host's entrance, docs/product.md §9). */
  identityToken: 'hub.token.identity',
  providerName: 'hub.provider',
  selectedEntity: 'hub.entity',
  displayAs: 'hub.display-as',
  language: 'language',
} as const;
