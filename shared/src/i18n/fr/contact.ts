import type { Catalogue } from '../catalogue';
import type { contact as en } from '../en/contact';

export const contact: Catalogue<typeof en> = {
  title: "Mon consultant",
  empty: "Aucune discussion pour le moment.",
};
