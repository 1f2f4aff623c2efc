import { account as enAccount } from './en/account';
import { admin as enAdmin } from './en/admin';
import { collectmaster as enCollectmaster } from './en/collectmaster';
import { common as enCommon } from './en/common';
import { contact as enContact } from './en/contact';
import { content as enContent } from './en/content';
import { dashboards as enDashboards } from './en/dashboards';
import { mail as enMail } from './en/mail';
import { search as enSearch } from './en/search';
import { shell as enShell } from './en/shell';
import { notifications as enNotifications } from './en/notifications';
import { account as frAccount } from './fr/account';
import { admin as frAdmin } from './fr/admin';
import { collectmaster as frCollectmaster } from './fr/collectmaster';
import { common as frCommon } from './fr/common';
import { contact as frContact } from './fr/contact';
import { content as frContent } from './fr/content';
import { dashboards as frDashboards } from './fr/dashboards';
import { mail as frMail } from './fr/mail';
import { search as frSearch } from './fr/search';
import { shell as frShell } from './fr/shell';
import { notifications as frNotifications } from './fr/notifications';

/** Every namespace in English: the source of the keys. */
export const en = {
  common: enCommon,
  shell: enShell,
  content: enContent,
  dashboards: enDashboards,
  contact: enContact,
  collectmaster: enCollectmaster,
  admin: enAdmin,
  notifications: enNotifications,
  mail: enMail,
  search: enSearch,
  account: enAccount,
};

export const fr = {
  common: frCommon,
  shell: frShell,
  content: frContent,
  dashboards: frDashboards,
  contact: frContact,
  collectmaster: frCollectmaster,
  admin: frAdmin,
  notifications: frNotifications,
  mail: frMail,
  search: frSearch,
  account: frAccount,
};

export type Namespace = keyof typeof en;
export const resources = { en, fr } as const;
