import { httpErrors } from '@fastify/sensible';
import {
  CONTENT_LANGUAGES,
  otherLanguage,
  type ContentLanguage,
  type Translation,
  type TranslationsBody,
  type TranslationState,
} from '@hub/shared/api';
import type { Queryable } from '../../db/db';
import type { Session } from '../auth/session';
import { naming } from '../http/field-errors';
import { cleanDescription } from './description';

/**
 * Each text of a governed content in both languages, written once for every kind: the item's own
 * columns hold the source language's texts, `content_translations` (migration 0150) the other's.
 * A repository adds `translationColumns` to its SELECT, reads the row with `consoleTexts` or
 * `readerTexts`, and calls `translationWrites` around its create and update.
 */

export interface TranslatedTable {
  table: string;
  /** The table's alias in the repository's SELECT. */
  alias: string;
  /** The kind, as content_translations and the audit log name it. */
  itemType: 'advice' | 'news-item' | 'dashboard' | 'training';
  /** The kind's text columns; null when the kind has no such text. */
  columns: { title: string; subtitle: string | null; description: string | null };
  /** How a description is stored (the rich-text rules for advices and news items). */
  cleanDescription?: (text: string) => string;
}

const RICH_TEXTS = { title: 'title', subtitle: 'subtitle', description: 'description' };

/** The four translated kinds, under the alias of their repository's SELECT. */
export const TRANSLATED = {
  advice: { table: 'advices', alias: 'a', itemType: 'advice', columns: RICH_TEXTS, cleanDescription },
  'news-item': { table: 'news_items', alias: 'n', itemType: 'news-item', columns: RICH_TEXTS, cleanDescription },
  dashboard: {
    table: 'dashboards',
    alias: 'd',
    itemType: 'dashboard',
    columns: { title: 'title', subtitle: null, description: 'description' },
    cleanDescription,
  },
  training: { table: 'trainings', alias: 't', itemType: 'training', columns: { title: 'intitule', subtitle: null, description: null } },
} as const satisfies Record<TranslatedTable['itemType'], TranslatedTable>;

/** The columns a translated row adds to the repository's row type. */
export interface TranslationRow {
  source_language: ContentLanguage;
  translation: {
    language: ContentLanguage;
    title: string;
    subtitle: string | null;
    description: string | null;
    up_to_date: boolean;
    updated_at: string;
  } | null;
}

const column = (t: TranslatedTable, name: keyof TranslatedTable['columns']) => {
  const real = t.columns[name];
  return real === null ? 'NULL' : `${t.alias}.${real}`;
};

/** The digest of the item's source texts as they are now. */
const digestSql = (t: TranslatedTable) =>
  `content_source_digest(${column(t, 'title')}, ${column(t, 'subtitle')}, ${column(t, 'description')})`;

const otherTranslation = (t: TranslatedTable) =>
  `content_translations ct WHERE ct.item_type = '${t.itemType}' AND ct.item_id = ${t.alias}.id AND ct.language <> ${t.alias}.source_language`;

/** The SELECT list's part of a translated item: its source language and its translation. */
export const translationColumns = (t: TranslatedTable) => `${t.alias}.source_language,
  (SELECT json_build_object('language', ct.language, 'title', ct.title, 'subtitle', ct.subtitle, 'description', ct.description,
                            'up_to_date', ct.source_digest = ${digestSql(t)}, 'updated_at', ct.updated_at)
     FROM ${otherTranslation(t)}) AS translation`;

/**
 * The item's search vector with its translation's, each language stemmed as itself (migration
 * 0150): a search finds an item by the words of either language.
 */
export const translatedSearchVector = (t: TranslatedTable) =>
  `(${t.alias}.search || coalesce((SELECT ct.search FROM ${otherTranslation(t)}), ''::tsvector))`;

/**
 * The item's title in `language` (SQL, a person's language say) when an up-to-date translation
 * exists, else the source's: what a notification about it is titled, as the reader would see it.
 */
export const titleInSql = (t: TranslatedTable, language: string) =>
  `coalesce((SELECT ct.title FROM ${otherTranslation(t)} AND ct.language = ${language} AND ct.source_digest = ${digestSql(t)}), ${column(t, 'title')})`;

/** The console lists' filter on the translation's state. */
export function translationStateCondition(t: TranslatedTable, state: TranslationState, params: unknown[]): string {
  if (state === 'missing') return `NOT EXISTS (SELECT 1 FROM ${otherTranslation(t)})`;
  params.push(state === 'up_to_date');
  return `EXISTS (SELECT 1 FROM ${otherTranslation(t)} AND (ct.source_digest = ${digestSql(t)}) = $${params.length})`;
}

const stateOf = (row: TranslationRow): TranslationState =>
  row.translation === null ? 'missing' : row.translation.up_to_date ? 'up_to_date' : 'out_of_date';

const iso = (value: string) => new Date(value).toISOString();

/** The console's view: the source's texts (the row's own), and the translation beside them. */
export function consoleTexts(row: TranslationRow) {
  const translation = row.translation;
  const translations: { en?: Translation; fr?: Translation } = {};
  if (translation)
    translations[translation.language] = {
      title: translation.title,
      subtitle: translation.subtitle,
      description: translation.description,
      state: translation.up_to_date ? 'up_to_date' : 'out_of_date',
      updated_at: iso(translation.updated_at),
    };
  return {
    source_language: row.source_language,
    language: row.source_language,
    translation_state: stateOf(row),
    translations,
  };
}

/**
 * A customer's view, in `language` (the person's) when an up-to-date translation exists, else in
 * the source language: an out-of-date translation is not shown, the reader is told it is being
 * updated (`translation_state`). `texts` are the row's source texts.
 */
export function readerTexts<Texts extends { title: string; subtitle?: string | null; description?: string | null }>(
  row: TranslationRow,
  texts: Texts,
  language: ContentLanguage,
): Texts & { source_language: ContentLanguage; language: ContentLanguage; translation_state: TranslationState } {
  const translation = row.translation;
  const fields = { source_language: row.source_language, translation_state: stateOf(row) };
  if (language === row.source_language || !translation?.up_to_date) return { ...texts, ...fields, language: row.source_language };
  const translated = { ...texts, title: translation.title } as Texts;
  if ('subtitle' in texts) translated.subtitle = translation.subtitle;
  // A kind whose description is required reads an absent one as empty.
  if ('description' in texts) translated.description = translation.description ?? (texts.description === null ? null : '');
  return { ...translated, ...fields, language };
}

/** The person's language (`PUT /api/notifications/preferences`), in which the customers' calls answer. */
export async function readerLanguage(db: Queryable, session: Session): Promise<ContentLanguage> {
  const { rows } = await db.query<{ language: ContentLanguage }>('SELECT language FROM users WHERE id = $1', [session.user.id]);
  return rows[0]?.language ?? 'en';
}

interface TranslatedBody {
  source_language?: ContentLanguage;
  translations?: TranslationsBody;
}

const badTranslations = (message: string) => naming(httpErrors.badRequest(message), 'translations');

/** The writes of the translations, inside the repository's transaction. */
export function translationWrites(t: TranslatedTable) {
  const { table, itemType } = t;
  const own = t.columns;

  async function sourceLanguage(tx: Queryable, id: number): Promise<ContentLanguage> {
    const { rows } = await tx.query<{ source_language: ContentLanguage }>(`SELECT source_language FROM ${table} WHERE id = $1`, [id]);
    return rows[0]!.source_language;
  }

  async function save(tx: Queryable, id: number, translations: TranslationsBody | undefined, session: Session): Promise<void> {
    if (!translations) return;
    const source = await sourceLanguage(tx, id);
    for (const language of Object.keys(translations)) {
      if (!(CONTENT_LANGUAGES as readonly string[]).includes(language))
        throw badTranslations(`Unknown language '${language}': the languages are ${CONTENT_LANGUAGES.join(' and ')}`);
      if (language === source)
        throw badTranslations(`'${language}' is the source language: the translation is in '${otherLanguage(source)}'`);
    }
    for (const [language, text] of Object.entries(translations)) {
      if (text === null) {
        await tx.query('DELETE FROM content_translations WHERE item_type = $1 AND item_id = $2 AND language = $3', [
          itemType,
          id,
          language,
        ]);
        continue;
      }
      const description =
        own.description === null || text.description === undefined
          ? null
          : t.cleanDescription
            ? t.cleanDescription(text.description)
            : text.description;
      await tx.query(
        `INSERT INTO content_translations (item_type, item_id, language, title, subtitle, description, source_digest, updated_by)
         SELECT $1, $2, $3, $4, $5, $6, ${digestSql(t)}, $7 FROM ${table} ${t.alias} WHERE ${t.alias}.id = $2
         ON CONFLICT (item_type, item_id, language) DO UPDATE
           SET title = EXCLUDED.title, subtitle = EXCLUDED.subtitle, description = EXCLUDED.description,
               source_digest = EXCLUDED.source_digest, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [itemType, id, language, text.title, own.subtitle === null ? null : (text.subtitle ?? null), description, session.actor.id],
      );
    }
  }

  return {
    /** After the INSERT: the source language (default the author's) and the translations. */
    async afterCreate(tx: Queryable, id: number, body: TranslatedBody, session: Session): Promise<void> {
      await tx.query(`UPDATE ${table} SET source_language = coalesce($2, (SELECT language FROM users WHERE id = $3)) WHERE id = $1`, [
        id,
        body.source_language ?? null,
        session.actor.id,
      ]);
      await save(tx, id, body.translations, session);
    },

    /**
     * Before the UPDATE of the source's texts: a new source language takes the translation in
     * that language as the source, and the former source becomes the translation (up to date when
     * the translation was). Without a translation in the new language, the texts are relabelled.
     */
    async beforeUpdate(tx: Queryable, id: number, body: TranslatedBody): Promise<void> {
      const target = body.source_language;
      if (target === undefined) return;
      const from = await sourceLanguage(tx, id);
      if (target === from) return;
      const { rows } = await tx.query<{ id: number }>(
        'SELECT item_id AS id FROM content_translations WHERE item_type = $1 AND item_id = $2 AND language = $3',
        [itemType, id, target],
      );
      if (rows.length > 0) {
        const a = t.alias;
        // Both statements read the item and the translation as they were before either.
        await tx.query(
          `INSERT INTO content_translations (item_type, item_id, language, title, subtitle, description, source_digest, updated_by, updated_at)
           SELECT $1, $2, $3, ${column(t, 'title')}, ${column(t, 'subtitle')}, ${column(t, 'description')},
                  CASE WHEN ct.source_digest = ${digestSql(t)} THEN content_source_digest(ct.title, ct.subtitle, ct.description) ELSE '' END,
                  ct.updated_by, ct.updated_at
             FROM ${table} ${a} JOIN content_translations ct ON ct.item_type = $1 AND ct.item_id = ${a}.id AND ct.language = $4
            WHERE ${a}.id = $2`,
          [itemType, id, from, target],
        );
        const sets = [`${own.title} = ct.title`];
        if (own.subtitle) sets.push(`${own.subtitle} = ct.subtitle`);
        if (own.description) sets.push(`${own.description} = coalesce(ct.description, '')`);
        await tx.query(
          `UPDATE ${table} SET ${sets.join(', ')} FROM content_translations ct
            WHERE ${table}.id = $2 AND ct.item_type = $1 AND ct.item_id = $2 AND ct.language = $3`,
          [itemType, id, target],
        );
        await tx.query('DELETE FROM content_translations WHERE item_type = $1 AND item_id = $2 AND language = $3', [itemType, id, target]);
      }
      await tx.query(`UPDATE ${table} SET source_language = $2 WHERE id = $1`, [id, target]);
    },

    /** After the UPDATE of the source's texts: the translations given (saved against the new source). */
    afterUpdate(tx: Queryable, id: number, body: TranslatedBody, session: Session): Promise<void> {
      return save(tx, id, body.translations, session);
    },
  };
}
