import type {
  AdminContentListQuery,
  ApiClient,
  AudienceType,
  AudienceUserList,
  AudienceUserQuery,
  Category,
  CursorList,
  DashboardData,
  Image,
} from '@hub/shared/api';
import type { en } from '@hub/shared/i18n';
import { useRemoteProps } from '@hub/shared/remote';
import useSWR, { useSWRConfig } from 'swr';

/** The admin API's publishable contents (docs/product.md §7): the same calls under each name. */
export type PublishableResource = 'advices' | 'dashboards' | 'news-items';

/**
 * The fetcher / key / SWR-hook trio (CONTRIBUTING.md, "Conventions") of one publishable content, made once for the three
 * kinds. Writes are silent (`silent: true`): the form turns their errors into field messages and the
 * toasts of docs/product.md §8 itself, instead of the client's generic 'Error 400 : Bad Request'.
 */
export function publishableApi<Item extends { id: number }, Body extends object>(resource: PublishableResource) {
  const base = `/${resource}`;
  const getList = (api: ApiClient, query: AdminContentListQuery) =>
    api.get<CursorList<Item>>(base, query as Record<string, string | number>);
  const listKey = (query: AdminContentListQuery, entityId: number | null) => ['admin', resource, 'list', entityId, query] as const;
  const getItem = (api: ApiClient, id: number) => api.get<Item>(`${base}/${id}`, undefined, { silent: true });
  const itemKey = (id: number | null) => (id === null ? null : (['admin', resource, 'item', id] as const));
  const isListKey = (key: unknown) => Array.isArray(key) && key[0] === 'admin' && key[1] === resource && key[2] === 'list';

  return {
    resource,
    getList,
    listKey,
    getItem,
    itemKey,
    isListKey,
    useList(query: AdminContentListQuery, entityId: number | null) {
      const { adminApi } = useRemoteProps();
      return useSWR(listKey(query, entityId), () => getList(adminApi, query), { keepPreviousData: true });
    },
    useItem(id: number | null) {
      const { adminApi } = useRemoteProps();
      return useSWR(itemKey(id), () => getItem(adminApi, id!));
    },
    /** One list of the recipients selector (advices, dashboards). */
    getUsers(api: ApiClient, id: number, query: AudienceUserQuery) {
      return api.get<AudienceUserList>(`${base}/${id}/users`, query as Record<string, string | number | boolean>, { silent: true });
    },
    /** The writes; each revalidates the lists of this kind, and the item's own key. */
    useMutations() {
      const { adminApi } = useRemoteProps();
      const { mutate } = useSWRConfig();
      const after = async (item: Item | null, id: number) => {
        await mutate(isListKey);
        await mutate(itemKey(id), item ?? undefined, { revalidate: false });
        return item;
      };
      return {
        create: async (body: Body) => {
          const item = await adminApi.post<Item>(base, body, { silent: true });
          return (await after(item, item.id))!;
        },
        update: async (id: number, body: Partial<Body>) =>
          (await after(await adminApi.put<Item>(`${base}/${id}`, body, { silent: true }), id))!,
        publish: async (id: number) => (await after(await adminApi.put<Item>(`${base}/${id}/publish`, undefined, { silent: true }), id))!,
        unpublish: async (id: number) =>
          (await after(await adminApi.put<Item>(`${base}/${id}/unpublish`, undefined, { silent: true }), id))!,
        remove: async (id: number) => {
          await adminApi.delete<void>(`${base}/${id}`, { silent: true });
          await after(null, id);
        },
        /**
         * Publish, change to draft or delete several items: the API has no bulk route, so one call per
         * item, four at a time; the lists are asked again once at the end. Says how many succeeded.
         */
        bulk: async (action: 'publish' | 'unpublish' | 'delete', ids: number[]) => {
          const call = (id: number) =>
            action === 'delete'
              ? adminApi.delete<void>(`${base}/${id}`, { silent: true })
              : adminApi.put<Item>(`${base}/${id}/${action}`, undefined, { silent: true });
          const results: PromiseSettledResult<unknown>[] = [];
          for (let start = 0; start < ids.length; start += 4) {
            results.push(...(await Promise.allSettled(ids.slice(start, start + 4).map(call))));
          }
          await mutate(isListKey);
          await Promise.all(ids.map((id) => mutate(itemKey(id))));
          const succeeded = results.filter((result) => result.status === 'fulfilled').length;
          return { succeeded, failed: results.length - succeeded };
        },
        addUser: (id: number, userId: number) => adminApi.put<Item>(`${base}/${id}/users/add/${userId}`, undefined),
        removeUser: (id: number, userId: number) => adminApi.put<Item>(`${base}/${id}/users/remove/${userId}`, undefined),
        /** Audience `user`: exactly this recipient (the server drops the others). */
        setUniqueUser: (id: number, userId: number) => adminApi.put<Item>(`${base}/${id}/users/set-unique/${userId}`, undefined),
        /** Audience `multi_users` (every user of the entity): the named recipients no longer apply. */
        clearUsers: (id: number) => adminApi.put<Item>(`${base}/${id}/users/clear`, undefined),
      };
    },
  };
}

export type PublishableApi<Item extends { id: number }, Body extends object> = ReturnType<typeof publishableApi<Item, Body>>;

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
  /** A dashboard's report: how fresh its data is. */
  data?: DashboardData;
}

/** The fields the console's form shows for one kind, beyond title and body (docs/product.md §3). */
export type PublishableField = 'subtitle' | 'category' | 'images' | 'pinned' | 'tag' | 'url' | 'audience';

/** A list's column beyond title, status and date: 'dataAsOf' shows how fresh a dashboard's report is. */
export type PublishableColumn = 'category' | 'pinned' | 'dataAsOf';

/**
 * One console's configuration: its API, its paths, its words (a key of the admin namespace holding
 * title, create, empty, newTitle, editTitle and the toasts of docs/product.md §8) and its fields.
 */
export type PublishableWords = 'advices' | 'dashboards' | 'newsItems';
/** The keys every kind's words hold (title, create, empty, …): a key one kind lacks fails the type check. */
type AdminCatalogue = (typeof en)['admin'];
export type PublishableWordKey = keyof AdminCatalogue['advices'] & keyof AdminCatalogue['dashboards'] & keyof AdminCatalogue['newsItems'];

export interface PublishableKind<Item extends PublishableItem = PublishableItem, Body extends object = object> {
  api: PublishableApi<Item, Body>;
  listPath: string;
  words: PublishableWords;
  fields: readonly PublishableField[];
  /** The list's columns beyond title, status and date (category and pinned follow `fields`). */
  columns?: readonly PublishableColumn[];
  /** Entity pages (/entity/admin): the list is the working entity's. */
  entityScoped: boolean;
  /** The customers' page of an item, opened as a preview of a draft (`?preview=true`). */
  previewPath?: (id: number) => string;
  /** A new item's audience (docs/product.md §4): 'user' for an advice, 'multi_users' for a dashboard. */
  defaultAudience?: AudienceType;
  /** The request body of this kind (create; an update sends the same fields) from the form's values. */
  body: (values: FormValues) => Body;
}

/** The form's values: every field of every kind; a kind sends only its own. */
export interface FormValues {
  title: string;
  subtitle: string;
  description: string;
  category_id: number | null;
  banner_id: number | null;
  thumbnail_id: number | null;
  pinned: boolean;
  tag: string;
  url: string;
  audience_type: AudienceType;
}
