import { FIELD_LIMITS, LIMITS } from '@hub/shared/api';
import type { TFunction } from 'i18next';
import type { FormValues, PublishableItem, PublishableKind } from './publishable-api';

/** What the form's helpers read of a kind. */
type KindFields = Pick<PublishableKind, 'fields' | 'defaultAudience'>;

export type FieldErrors = Partial<Record<keyof FormValues, string>>;

export function valuesOf(kind: KindFields, item: PublishableItem | null): FormValues {
  return {
    title: item?.title ?? '',
    subtitle: item?.subtitle ?? '',
    description: item?.description ?? '',
    category_id: item?.category?.id ?? null,
    banner_id: item?.banner?.id ?? null,
    thumbnail_id: item?.thumbnail?.id ?? null,
    pinned: item?.pinned ?? false,
    tag: item?.tag ?? '',
    url: item?.url ?? '',
    audience_type: item?.audience_type ?? kind.defaultAudience ?? 'multi_users',
  };
}

/** What every kind sends: the title (trimmed) and the description. */
export const baseBody = (values: FormValues) => ({ title: values.title.trim(), description: values.description });

/** An optional text as the API takes it: trimmed, empty as null. */
export const textOrNull = (text: string) => text.trim() || null;

/** The body of an article (advice, news item): subtitle, category, banner, thumbnail and pinned besides the base. */
export const articleBody = (values: FormValues) => ({
  ...baseBody(values),
  subtitle: textOrNull(values.subtitle),
  category_id: values.category_id,
  banner_id: values.banner_id,
  thumbnail_id: values.thumbnail_id,
  pinned: values.pinned,
});

/** The checks of docs/product.md §5 made before sending, in its words. */
export function validate(kind: KindFields, values: FormValues, t: TFunction<['admin', 'common']>): FieldErrors {
  const errors: FieldErrors = {};
  const max = (field: keyof FormValues, length: number) => {
    if (String(values[field]).length > length) errors[field] = t('common:validation.maxLength', { length });
  };
  if (!values.title.trim()) errors.title = t('common:validation.required');
  max('title', FIELD_LIMITS.title);
  if (kind.fields.includes('subtitle')) max('subtitle', FIELD_LIMITS.subtitle);
  if (kind.fields.includes('tag')) max('tag', FIELD_LIMITS.tag);
  if (kind.fields.includes('url')) {
    if (!values.url.trim()) errors.url = t('common:validation.required');
    else if (!isHttpsUrl(values.url.trim())) errors.url = t('common:validation.httpsUrl');
    else max('url', FIELD_LIMITS.url);
  }
  return errors;
}

/** The server's rule for a dashboard's address: https with a host. */
function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** The description limit of docs/product.md §5: at 10000 characters or more, nothing is sent. */
export const descriptionTooLong = (values: FormValues) => values.description.length > LIMITS.descriptionMax;
