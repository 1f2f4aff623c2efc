import type { ExpectationTable } from '../expectation';
import { advices } from './advices';
import { auth } from './auth';
import { content } from './content';
import { dataProtection } from './data-protection';
import { discussions } from './discussions';
import { fileExchange } from './file-exchange';
import { governance } from './governance';
import { helpdesk } from './helpdesk';
import { library } from './library';
import { mail } from './mail';
import { people } from './people';
import { notifications } from './notifications';
import { promises } from './promises';
import { reach } from './reach';
import { remotes } from './remotes';
import { search } from './search';

/** Every route of the API and what each persona gets. A route missing here fails the matrix. */
export const EXPECTATIONS: ExpectationTable = {
  ...auth,
  ...advices,
  ...content,
  ...discussions,
  ...people,
  ...library,
  ...helpdesk,
  ...fileExchange,
  ...notifications,
  ...mail,
  ...search,
  ...remotes,
  ...promises,
  ...reach,
  ...dataProtection,
  ...governance,
};
