import type { Catalogue } from '../catalogue';
import type { content as en } from '../en/content';

export const content: Catalogue<typeof en> = {
  title: 'Conseils',
  empty: 'Aucun conseil pour vous pour le moment.',
  advices: {
    title: 'Conseils',
    loading: 'Chargement des conseils…',
    empty: 'Aucun conseil pour vous pour le moment.',
    pinned: 'Épinglé',
    count: '{{count}} conseils',
    loadFailed: "Les conseils n'ont pas pu être chargés.",
  },
  adviceDetails: {
    title: 'Conseil',
    placeholder: 'Le conseil complet sera bientôt affiché ici.',
    back: 'Retour aux conseils',
  },
  news: {
    title: 'Actualités',
    placeholder: 'Les actualités seront bientôt affichées ici.',
  },
};
