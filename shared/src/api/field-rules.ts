// Values of the API contract that browser code uses without the schemas: this module imports no
// typebox, so a remote that needs only these does not bundle the schema builder (≈ 30 kB gzip).
// The schema modules re-export them (`categories.ts`, `images.ts`).

/** A colour as #rrggbb. */
export const COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';

/** The name of the file part of the uploads. */
export const IMAGE_FILE_FIELD = 'file';
