/** The absolute paths this remote answers (the shell mounts it on them, basename '/'). */
export const paths = {
  advices: '/advices',
  adviceDetails: (id: number | string) => `/advices/details/${id}`,
  newsItems: '/news-items',
  newsDetails: (id: number | string) => `/news-items/details/${id}`,
  trainings: '/trainings',
} as const;
