import type { Catalogue } from '../catalogue';
import type { dashboards as en } from '../en/dashboards';

export const dashboards: Catalogue<typeof en> = {
  title: "Tableaux de bord",
  empty: "Aucun tableau de bord pour vous pour le moment.",
};
