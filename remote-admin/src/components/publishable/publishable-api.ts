import type { AdminContentListQuery, ApiClient, AudienceUserList, AudienceUserQuery, List } from '@hub/shared/api';
import { useRemoteProps } from '@hub/shared/remote';
import useSWR, { useSWRConfig } from 'swr';

/** The admin API's publishable contents (docs/product.md §7): the same calls under each name. */
export type PublishableResource = 'advices' | 'dashboards' | 'news-items';

/**
 * The fetcher / key / SWR-hook trio (CONTRIBUTING.md, "Conventions") of one publishable content, made once for the three
 * kinds. Writes are silent (`silent: true`): the form turns their errors into field messages and the
 * toasts of docs/product.md §8 itself, instead of the client's generic 'Error 400 : Bad Request'.
 */
export function publishableApi<Item extends { id: number }, CreateBody, UpdateBody>(resource: PublishableResource) {
  const base = `/${resource}`;
  const getList = (api: ApiClient, query: AdminContentListQuery) => api.get<List<Item>>(base, query as Record<string, string | number>);
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
        create: async (body: CreateBody) => {
          const item = await adminApi.post<Item>(base, body, { silent: true });
          return (await after(item, item.id))!;
        },
        update: async (id: number, body: UpdateBody) =>
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

export type PublishableApi<Item extends { id: number }, CreateBody, UpdateBody> = ReturnType<
  typeof publishableApi<Item, CreateBody, UpdateBody>
>;
