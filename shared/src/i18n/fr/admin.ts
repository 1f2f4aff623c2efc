import type { Catalogue } from '../catalogue';
import type { admin as en } from '../en/admin';

export const admin: Catalogue<typeof en> = {
  title: 'Administration',
  empty: 'Rien à gérer pour le moment.',
  documentation: {
    title: 'Documentation des consultants',
    entityTitle: "Documentation de l'administration d'entité",
    intro: "Comment l'équipe de l'éditeur et les administrateurs d'entité font vivre le hub.",
    sections: {
      content: {
        title: 'Publier du contenu',
        body: 'Les conseils, actualités et tableaux de bord commencent en brouillon. Seuls les brouillons se modifient : repassez un élément publié en brouillon, modifiez-le, puis publiez-le à nouveau. Les descriptions sont limitées à 9999 caractères.',
      },
      audience: {
        title: "Choisir l'audience",
        body: 'Un conseil ou un tableau de bord est montré soit à tous les utilisateurs de son entité, soit aux seuls utilisateurs choisis dans la double liste.',
      },
      displayAs: {
        title: 'Voir le hub comme un client',
        body: "Les administrateurs peuvent afficher le hub comme un autre utilisateur, avec ou sans le contenu non publié, et revenir à leur propre identité à tout moment. Chaque démarrage est inscrit au journal d'audit.",
      },
      discussions: {
        title: 'Répondre aux clients',
        body: 'Les clients attendent une réponse sous 2 heures, de 8h à 20h en semaine. Utilisez Envoyer & Clore quand une question est réglée.',
      },
    },
  },
};
