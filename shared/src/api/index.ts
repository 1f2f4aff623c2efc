// Schemas (typebox) and their types live in the feature files; runtime helpers carry no schema,
// so a browser bundle that imports only helpers and types does not pull typebox in.
export * from './roles';
export * from './headers';
export * from './errors';
export * from './http-client';
export * from './publication';
export * from './messages';
export * from './user-names';
export * from './common';
export * from './auth';
export * from './users';
export * from './advices';
export * from './remote-access';
export * from './remotes';
export * from './file-exchange';
export * from './audit';
export * from './content';
export * from './news-items';
export * from './dashboards';
export * from './categories';
export * from './images';
export * from './trainings';
export * from './admin-users';
export * from './entities';
export * from './groups';
export * from './power-bi';
export * from './tickets';
