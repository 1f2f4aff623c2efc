import type { Catalogue } from '../catalogue';
import type { dashboards as en } from '../en/dashboards';

export const dashboards: Catalogue<typeof en> = {
  title: 'Tableaux de bord',
  empty: 'Aucun tableau de bord pour vous pour le moment.',
  loading: 'Chargement des tableaux de bord…',
  loadFailed: "Les tableaux de bord n'ont pas pu être chargés.",
  view: {
    back: 'Retour aux tableaux de bord',
    loading: 'Chargement du tableau de bord',
    notFoundTitle: 'Tableau de bord introuvable',
    notFound: "Ce tableau de bord n'existe pas ou ne vous est pas partagé.",
  },
};
