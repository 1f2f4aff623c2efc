import { Type, type Static } from 'typebox';
import { REMOTE_NAMES } from './remote-access';

/**
 * POST /api/client-errors: what a browser reports so that the server log says it. Today one kind:
 * a remote whose manifest does not fit the shell (contract version, React ranges, federation major),
 * which the shell refused to mount — which remote, which build, and why.
 */
export const ClientErrorSchema = Type.Object(
  {
    kind: Type.Literal('remote-misfit'),
    remote: Type.Enum(REMOTE_NAMES),
    /** The remote's build stamp (version + build time), or 'unknown'. */
    version: Type.String({ minLength: 1, maxLength: 200 }),
    reasons: Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { minItems: 1, maxItems: 10 }),
  },
  { additionalProperties: false },
);
export type ClientError = Static<typeof ClientErrorSchema>;
