import { Type, type Static } from 'typebox';
import { REMOTE_NAMES } from './remote-access';

/** GET /api/remotes: the remotes this user may load, each with the URL of its mf-manifest.json. */
export const RemoteEntrySchema = Type.Object({
  // Type.Enum keeps the names' union in the static type (a Union over a mapped array typed as never).
  name: Type.Enum(REMOTE_NAMES),
  entry: Type.String(),
});
export type RemoteEntry = Static<typeof RemoteEntrySchema>;
export const RemoteListSchema = Type.Object({ remotes: Type.Array(RemoteEntrySchema) });
export type RemoteList = Static<typeof RemoteListSchema>;
