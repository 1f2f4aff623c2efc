import { Type, type Static } from 'typebox';
import { REMOTE_NAMES } from './remote-access';

/** GET /api/remotes: the remotes this user may load, each with the URL of its mf-manifest.json. */
export const RemoteEntrySchema = Type.Object({
  name: Type.Union(REMOTE_NAMES.map((name) => Type.Literal(name))),
  entry: Type.String(),
});
export type RemoteEntry = Static<typeof RemoteEntrySchema>;
export const RemoteListSchema = Type.Object({ remotes: Type.Array(RemoteEntrySchema) });
export type RemoteList = Static<typeof RemoteListSchema>;
