import type { Catalogue } from '../catalogue';
import type { content as en } from '../en/content';

export const content: Catalogue<typeof en> = {
  title: "Conseils",
  empty: "Aucun conseil pour vous pour le moment.",
};
