import type { Catalogue } from '../catalogue';
import type { account as en } from '../en/account';

export const account: Catalogue<typeof en> = {
  profile: {
    title: 'Mon profil',
    email: 'E-mail',
    role: 'Rôle',
    entity: 'Entreprise',
    noEntity: 'Aucune entreprise',
    companyLogo: 'Logo de {{name}}',
    image: {
      title: 'Image de profil',
      current: 'Votre image de profil',
      none: "Vous n'avez pas d'image de profil : vos initiales sont affichées à la place.",
      choose: 'Choisir une image',
      loading: 'Chargement des images…',
      loadFailed: "Les images n'ont pas pu être chargées.",
      empty: "Aucune image de profil n'a encore été ajoutée.",
      use: 'Utiliser {{name}}',
      selected: 'Sélectionnée',
      upload: 'Téléverser une nouvelle image',
      uploadHint: 'JPEG, PNG, GIF ou WebP, moins de 50 Mo.',
      uploading: 'Téléversement : {{percent}} %',
      uploadFailed: "L'image n'a pas pu être téléversée.",
      unset: 'Retirer mon image de profil',
      edited: 'Image de profil modifiée !',
      unselected: 'Image de profil retirée !',
      failed: "L'image de profil n'a pas pu être modifiée.",
    },
    contact: {
      title: 'Votre consultant',
      none: 'Aucun consultant ne vous est encore attribué.',
      replies: 'Votre consultant répond généralement en moins de 2 heures, de 8 h à 20 h en semaine.',
    },
  },
  help: {
    title: 'Documentation utilisateur',
    intro:
      'Tout ce que votre éditeur a préparé pour vous se trouve dans le menu à gauche (ou derrière le bouton de menu sur un téléphone).',
    advices: 'Conseils : des recommandations rédigées pour vous ou votre entreprise, les épinglées en premier.',
    news: 'Actualités : les annonces de votre éditeur ; les actualités épinglées restent en haut.',
    dashboards: 'Tableaux de bord : vos rapports Power BI, affichés dans le portail une fois chargés.',
    trainings: 'Formations et webinaires : les prochaines sessions, le calendrier des formations par mois, les webinaires et événements.',
    contact: 'Mon consultant : écrivez à votre consultant lorsqu’une discussion est ouverte.',
    profile: 'Profil : votre entreprise, votre rôle, votre consultant et votre image de profil.',
    connectionHelpLink: 'Aide à la connexion',
    projects: 'Notre site de projets',
    connection: {
      title: 'Aide à la connexion',
      intro: 'Choisissez, sur la page de connexion, la connexion que votre organisation vous a donnée.',
      default: 'Connexion par défaut : le compte créé pour vous par votre éditeur.',
      external: 'Utilisateur externe : le compte avec lequel vous avez été invité, hors de votre entreprise.',
      internal: "Employé interne : votre compte d'employé chez l'éditeur.",
      companySso: "Authentification unique de mon entreprise : votre compte habituel, via le fournisseur d'identité de votre entreprise.",
      trouble:
        'Si une connexion vous refuse, vérifiez que vous avez choisi la bonne, puis contactez votre consultant ou un administrateur.',
      backToLogin: 'Retour à la connexion',
      backHome: "Retour à l'accueil",
    },
  },
};
