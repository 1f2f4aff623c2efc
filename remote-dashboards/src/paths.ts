/** The absolute paths this remote answers (the shell mounts it on them, basename '/'). */
export const paths = {
  dashboards: '/dashboards',
  dashboard: (id: number | string) => `/dashboards/${id}`,
} as const;
