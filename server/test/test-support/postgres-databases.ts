import { openPostgres } from '../../src/db/postgres-db';

const NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The URL of database `name` on the server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

/** Drops database `name` on the server of `url`, closing what is still connected to it. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  if (!NAME.test(name)) throw new Error(`Invalid database name "${name}"`);
  const admin = await openPostgres({ connectionString: url, max: 1 });
  try {
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.close();
  }
}

/** A new database `name` on the server of `url`, copied from database `template`. */
export async function copyDatabase(url: string, template: string, name: string): Promise<void> {
  if (!NAME.test(name) || !NAME.test(template)) throw new Error(`Invalid database name "${name}" or "${template}"`);
  const admin = await openPostgres({ connectionString: url, max: 1 });
  try {
    await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.close();
  }
}
