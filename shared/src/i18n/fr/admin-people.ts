import type { Catalogue } from '../catalogue';
import type { adminPeople as en } from '../en/admin-people';

export const adminPeople: Catalogue<typeof en> = {
  people: {
    administratorsOnly: 'Les utilisateurs et les entreprises sont gérés par les administrateurs.',
  },
  users: {
    title: 'Utilisateurs',
    empty: 'Aucun utilisateur ne correspond.',
    editTitle: 'Utilisateur : {{name}}',
    name: 'Nom',
    email: 'E-mail',
    firstName: 'Prénom',
    lastName: 'Nom',
    role: 'Rôle',
    allRoles: 'Tous les rôles',
    entity: 'Entité',
    allEntities: 'Toutes les entités',
    noEntity: 'Sans entité',
    welcomeMessage: "Message d'accueil",
    contactEnable: 'Contact activé (un consultant à qui les clients peuvent écrire)',
    counters: 'Discussions',
    openDiscussions: 'Discussions ouvertes',
    closedDiscussions: 'Discussions fermées',
    pendingMessages: 'Messages en attente',
    roles: {
      user: 'Utilisateur',
      contributor: 'Contributeur',
      publisher: 'Éditeur',
      administrator: 'Administrateur',
    },
    roleHelp: {
      user: 'Lit les conseils, actualités, formations et tableaux de bord de son entité, et écrit à ses consultants.',
      contributor:
        "Ajoute l'administration de l'entité et les consoles de contenu : conseils, tableaux de bord, actualités, images, formations.",
      publisher: 'Ajoute la publication : le contenu devient visible des clients.',
      administrator:
        "Ajoute toutes les entreprises, les utilisateurs, les catégories, les groupes, le journal d'audit et l'affichage en tant que.",
    },
    displayAs: 'Afficher en tant que {{name}}',
    displayAsShort: 'Afficher en tant que',
    updated: "L'utilisateur a été mis à jour avec succès !",
    updateFailed: "Erreur lors de la mise à jour de l'utilisateur !",
  },
  entities: {
    title: 'Entreprises',
    create: 'Nouvelle entreprise',
    empty: 'Aucune entreprise pour le moment. Créez la première, puis ajoutez ses utilisateurs.',
    newTitle: 'Nouvelle entreprise',
    editTitle: 'Entreprise : {{name}}',
    name: 'Nom',
    logo: 'Logo',
    noLogo: 'Sans logo',
    usersCount: 'Utilisateurs',
    provider: "Fournisseur d'identité",
    noProvider: 'Aucun (la connexion par défaut)',
    users: "Utilisateurs de l'entreprise",
    usersHelp: "Ajouter un utilisateur ici le retire de l'entreprise où il était.",
    saveFirst: "Enregistrez d'abord l'entreprise, puis choisissez ses utilisateurs.",
    created: "L'entité a été créée avec succès !",
    updated: "L'entité a été modifiée avec succès !",
    deleted: "L'entité a été supprimée avec succès !",
    createFailed: "Erreur lors de la création de l'entité !",
    updateFailed: "Erreur lors de la modification de l'entité !",
    userAdded: "L'utilisateur a été ajouté à l'entité avec succès !",
    userRemoved: "L'utilisateur a été retiré de l'entité avec succès !",
    deleteWithUsers_one:
      '{{name}} a encore {{count}} utilisateur : il restera sans entreprise. Ses conseils, tableaux de bord et tickets seront supprimés avec elle.',
    deleteWithUsers_other:
      '{{name}} a encore {{count}} utilisateurs : ils resteront sans entreprise. Ses conseils, tableaux de bord et tickets seront supprimés avec elle.',
    deleteEmpty: "{{name}} n'a aucun utilisateur. Ses conseils, tableaux de bord et tickets seront supprimés avec elle.",
  },
};
