import type { AdminUserList, ApiClient } from '@hub/shared/api';
import type { SelectorPage, SelectorPageQuery } from '@hub/shared/ui';

/**
 * One page of a users double list (a company's users, a group's members), both sides paged and
 * searched by the server: the members on the right (`membersPath`), everyone else on the left
 * (`/users` with the filter that leaves the members out). `othersCompany` names the company a user
 * on the left is in, where moving them takes them out of it.
 */
export async function loadUsersDoubleList(
  api: ApiClient,
  query: SelectorPageQuery,
  sides: { membersPath: string; othersFilter: Record<string, number>; othersCompany?: boolean },
): Promise<SelectorPage> {
  const page = { page: query.page, page_size: query.pageSize, search: query.search || undefined };
  const list = query.selected
    ? await api.get<AdminUserList>(sides.membersPath, page, { silent: true })
    : await api.get<AdminUserList>('/users', { ...page, ...sides.othersFilter }, { silent: true });
  return {
    total: list.total,
    items: list.items.map((user) => ({
      id: user.id,
      name: `${user.first_name} ${user.last_name} (${user.email})${sides.othersCompany && !query.selected && user.entity ? ` · ${user.entity.name}` : ''}`,
    })),
  };
}
