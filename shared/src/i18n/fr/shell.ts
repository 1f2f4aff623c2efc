import type { Catalogue } from '../catalogue';
import type { shell as en } from '../en/shell';

export const shell: Catalogue<typeof en> = {
  nav: {
    home: 'Accueil',
    advices: 'Conseils',
    news: 'Actualités',
    trainings: 'Formations & webinaires',
    dashboards: 'Tableaux de bord',
    contact: 'Mon consultant',
    contactClosed: 'Discussions closes',
    tickets: 'Assistance',
    collectmaster: 'Collectmaster',
    admin: 'Administration',
    entityAdmin: "Administration de l'entité",
    documentation: 'Documentation',
    profile: 'Profil',
    projects: 'Projets',
    menu: 'Menu',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
  },
  login: {
    title: 'Connectez-vous à votre hub',
    subtitle: 'Choisissez votre mode de connexion.',
    connections: {
      default: 'Connexion par défaut',
      customized: 'Connexion personnalisée',
      external: 'Utilisateur externe',
      internal: 'Collaborateur interne',
      'company-sso': 'Authentification unique de mon entreprise',
    },
    signingIn: 'Connexion en cours…',
    connectionHelp: 'Aide à la connexion',
    connectionHelpBody:
      "Choisissez la connexion que votre organisation vous a indiquée. Les utilisateurs externes se connectent avec le compte de leur invitation ; les collaborateurs utilisent leur compte d'entreprise. Si une connexion vous refuse, contactez votre consultant ou un administrateur.",
    chooseLanguage: 'Langue du portail',
    success: 'Connexion réussie ! Bon retour parmi nous !',
    failed: 'La connexion a échoué ! Veuillez contacter un administrateur.',
    noIdToken: "pas d'id_token dans oidcUser",
    noUser: 'Aucun utilisateur trouvé dans Oidc.',
    noProviders: "Aucune connexion n'est configurée. Veuillez contacter un administrateur.",
  },
  userMenu: {
    label: 'Menu utilisateur',
    profile: 'Mon profil',
  },
  logout: {
    action: 'Se déconnecter',
    success: 'Déconnexion réussie ! À bientôt !',
  },
  home: {
    welcome: 'Bienvenue, {{name}}',
    defaultMessage: 'Retrouvez ici vos conseils, actualités, tableaux de bord et formations.',
    displayingAs: 'Vous consultez le portail en tant que {{name}}.',
  },
  profile: {
    title: 'Mon profil',
    email: 'E-mail',
    role: 'Rôle',
    entity: 'Entreprise',
    noEntity: 'Aucune entreprise',
  },
  language: {
    label: 'Langue',
  },
  roles: {
    generalAdmin: 'Administrateur général',
    entityAdmin: "Administrateur d'entité",
    publisher: 'Éditeur',
    contributor: 'Contributeur',
    user: 'Utilisateur',
  },
  notFound: {
    title: 'Page introuvable',
    body: "La page que vous cherchez n'existe pas.",
    home: "Retour à l'accueil",
  },
  error: {
    title: "Une erreur s'est produite",
    body: "Une erreur inattendue s'est produite. Veuillez réessayer.",
    home: "Retour à l'accueil",
  },
  layout: {
    scrollTop: 'Retour en haut',
    theme: 'Thème',
    light: 'Clair',
    dark: 'Sombre',
    system: 'Système',
  },
};
