import { Type, type Static } from 'typebox';
import { FIELD_LIMITS } from './field-limits';
import { Nullable } from './common';

/**
 * Governed content in both languages (advices, news items, dashboards, trainings). An item's
 * `title`, `subtitle` and `description` are those of its `source_language`; the other language's
 * are its translation. Docs: docs/product.md, "Governed content".
 */

export const CONTENT_LANGUAGES = ['en', 'fr'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
export const ContentLanguageSchema = Type.Union([Type.Literal('en'), Type.Literal('fr')]);

/** The other language of a source. */
export const otherLanguage = (language: ContentLanguage): ContentLanguage => (language === 'en' ? 'fr' : 'en');

/**
 * missing: no translation; out_of_date: the source changed since the translation was saved;
 * up_to_date: the translation was saved from the source as it is.
 */
export const TranslationStateSchema = Type.Union([Type.Literal('missing'), Type.Literal('out_of_date'), Type.Literal('up_to_date')]);
export type TranslationState = Static<typeof TranslationStateSchema>;

/** One translation as a write gives it: its title is required, as the source's is. */
export const TranslationBodySchema = Type.Object({
  title: Type.String({ minLength: 1, maxLength: FIELD_LIMITS.title, pattern: '\\S' }),
  subtitle: Type.Optional(Nullable(Type.String({ maxLength: FIELD_LIMITS.subtitle }))),
  /** Sanitised by the server as the source's is, at most 9999 characters. */
  description: Type.Optional(Type.String()),
});

/**
 * `translations` of a console write: the other language's texts (`{ "fr": { … } }` for an English
 * source); null removes the translation. Any other key is refused with 400 (a language the portal
 * does not have, or the source's own language).
 */
export const TranslationsBodySchema = Type.Record(Type.String(), Nullable(TranslationBodySchema));
export type TranslationsBody = Static<typeof TranslationsBodySchema>;

/** One translation as the console reads it. */
export const TranslationSchema = Type.Object({
  title: Type.String(),
  subtitle: Nullable(Type.String()),
  description: Nullable(Type.String()),
  state: Type.Union([Type.Literal('out_of_date'), Type.Literal('up_to_date')]),
  updated_at: Type.String(),
});
export type Translation = Static<typeof TranslationSchema>;

/** The fields a translated item adds to its reads. */
export const TranslatedFields = {
  /** The language its own texts were written in. */
  source_language: ContentLanguageSchema,
  /**
   * The language of `title`, `subtitle`, `description` in this answer: on the console's calls the
   * source's; on the customers' calls the person's language when an up-to-date translation exists,
   * else the source's.
   */
  language: ContentLanguageSchema,
  /** The state of the other language's translation. */
  translation_state: TranslationStateSchema,
  /** The console's calls only: the other language's translation, when there is one. */
  translations: Type.Optional(Type.Object({ en: Type.Optional(TranslationSchema), fr: Type.Optional(TranslationSchema) })),
};

/** The fields a translated item's console writes add. */
export const TranslatedWriteFields = {
  /** Default on creation: the author's language. Changing it swaps the two languages' texts. */
  source_language: Type.Optional(ContentLanguageSchema),
  translations: Type.Optional(TranslationsBodySchema),
};

/** The console lists' filter on the translation's state. */
export const TranslationFilterSchema = Type.Optional(TranslationStateSchema);
