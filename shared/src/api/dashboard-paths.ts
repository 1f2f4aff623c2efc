// The dashboards' paths, without schemas: the dashboards remote's star button calls it, and must not
// pull the schema library into its page (e2e/budgets.json).

/** PUT (star) and DELETE (unstar) /api/dashboards/{id}/favourite: 204, 404 for a dashboard the caller does not see. */
export const dashboardFavouritePath = (id: number) => `/dashboards/${id}/favourite`;
