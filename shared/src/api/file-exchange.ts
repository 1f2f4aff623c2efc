import { Type, type Static } from 'typebox';
import { ListOf } from './common';

/** An entity as the file-exchange API (/api/v2) lists it (SPEC §3 "File exchange"). */
export const FileExchangeEntitySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  /** Where its collections are listed: GET /api/v2/entity/{slug}/collections. */
  url: Type.String(),
});
export type FileExchangeEntity = Static<typeof FileExchangeEntitySchema>;

/** GET /api/v2/entities */
export const FileExchangeEntityListSchema = ListOf(FileExchangeEntitySchema);
export type FileExchangeEntityList = Static<typeof FileExchangeEntityListSchema>;
