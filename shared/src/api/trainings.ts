import { Type, type Static } from 'typebox';
import { FIELD_LIMITS, COUNT_LIMITS } from './field-limits';
import { ListOf, Nullable, PageQuerySchema } from './common';
import { NOT_BLANK } from './content';

export const TrainingKindSchema = Type.Union([Type.Literal('training'), Type.Literal('webinar'), Type.Literal('event')]);
export type TrainingKind = Static<typeof TrainingKindSchema>;

/** A training, webinar or event of docs/product.md §3 (field names as the training catalogue has them). */
export const TrainingSchema = Type.Object({
  id: Type.Integer(),
  /** The title. */
  intitule: Type.String(),
  /** ISO date-time of the start. */
  date_debut: Type.String(),
  date_fin: Nullable(Type.String()),
  /** Duration in hours (1.5 reads 1h30min). */
  duree_heures: Nullable(Type.Number()),
  slug: Nullable(Type.String()),
  kind: TrainingKindSchema,
});
export type Training = Static<typeof TrainingSchema>;

export const TrainingListSchema = ListOf(TrainingSchema);
export type TrainingList = Static<typeof TrainingListSchema>;

/**
 * GET /api/trainings: the trainings page, ascending by start, from those that ended (or started)
 * in the last 30 days on. GET /api/admin/trainings takes the same query but lists every date.
 * GET /api/trainings/upcoming takes none: those starting after the start of tomorrow, at most 3.
 */
export const TrainingListQuerySchema = Type.Intersect([
  PageQuerySchema,
  Type.Object({
    kind: Type.Optional(TrainingKindSchema),
    /** Case-insensitive search in the title (intitule). */
    search: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.search })),
  }),
]);
export type TrainingListQuery = Static<typeof TrainingListQuerySchema>;

/** POST /api/admin/trainings. `date_fin` must not be before `date_debut`; kind defaults to 'training'. */
export const TrainingCreateBodySchema = Type.Object({
  intitule: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.title, pattern: NOT_BLANK }),
  date_debut: Type.String({ format: 'date-time' }),
  date_fin: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  duree_heures: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: COUNT_LIMITS.trainingHours }))),
  slug: Type.Optional(Nullable(Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$', maxLength: FIELD_LIMITS.slug }))),
  kind: Type.Optional(TrainingKindSchema),
});
export type TrainingCreateBody = Static<typeof TrainingCreateBodySchema>;

/** PUT /api/admin/trainings/{id}: the fields to change. */
export const TrainingUpdateBodySchema = Type.Partial(TrainingCreateBodySchema);
export type TrainingUpdateBody = Static<typeof TrainingUpdateBodySchema>;
