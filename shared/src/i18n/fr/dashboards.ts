import type { Catalogue } from '../catalogue';
import type { dashboards as en } from '../en/dashboards';

export const dashboards: Catalogue<typeof en> = {
  title: 'Tableaux de bord',
  empty: 'Aucun tableau de bord pour vous pour le moment.',
  loading: 'Chargement des tableaux de bord…',
  loadFailed: "Les tableaux de bord n'ont pas pu être chargés.",
  favourite: {
    add: 'Ajouter {{title}} à mes favoris',
    remove: 'Retirer {{title}} de mes favoris',
    failed: "Le favori n'a pas pu être enregistré.",
  },
  ask: {
    button: 'Demander à mon consultant',
    message: "Bonjour, j'ai une question sur le tableau de bord « {{title}} » ({{link}}) :\n\n",
  },
  widget: {
    title: 'Mes tableaux de bord favoris',
    empty: 'Ajoutez un tableau de bord à vos favoris (étoile) pour le retrouver ici.',
    browse: 'Voir tous les tableaux de bord',
    loading: 'Chargement…',
    failed: "Vos tableaux de bord favoris n'ont pas pu être chargés.",
  },
  view: {
    back: 'Retour aux tableaux de bord',
    loading: 'Chargement du tableau de bord',
    notFoundTitle: 'Tableau de bord introuvable',
    notFound: "Ce tableau de bord n'existe pas ou ne vous est pas partagé.",
  },
};
