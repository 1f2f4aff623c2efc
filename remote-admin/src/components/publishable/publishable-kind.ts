import type { AudienceType, Category, Image } from '@hub/shared/api';
import type { PublishableApi } from './publishable-api';

/** What the list and the form read of any publishable item (advice, dashboard, news item). */
export interface PublishableItem {
  id: number;
  title: string;
  status: number;
  updated_at: string;
  subtitle?: string | null;
  description?: string | null;
  pinned?: boolean;
  category?: Category | null;
  banner?: Image | null;
  thumbnail?: Image | null;
  tag?: string | null;
  url?: string;
  audience_type?: AudienceType;
}

/** The form's fields of one kind (docs/product.md §3, issue 13 "Forms"). */
export type PublishableField = 'subtitle' | 'category' | 'images' | 'pinned' | 'tag' | 'url' | 'audience';

/**
 * One console's configuration: its API, its paths, its words (a key of the admin namespace holding
 * title, create, empty, newTitle, editTitle and the toasts of docs/product.md §8) and its fields.
 */
export interface PublishableKind<Item extends PublishableItem = PublishableItem> {
  // The API's body types differ by kind; the form builds the body from `fields`.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  api: PublishableApi<Item, any, any>;
  listPath: string;
  words: 'advices' | 'dashboards' | 'newsItems';
  fields: readonly PublishableField[];
  /** Entity pages (/entity/admin): the list is the working entity's. */
  entityScoped: boolean;
  /** The customers' page of an item, opened as a preview of a draft (`?preview=true`). */
  previewPath?: (id: number) => string;
  /** A new item's audience (docs/product.md §4): 'user' for an advice, 'multi_users' for a dashboard. */
  defaultAudience?: AudienceType;
}
