import { Type, type Static } from 'typebox';
import { CursorListOf, CursorPageQuerySchema, Nullable } from './common';
import { NOTIFICATION_KINDS } from './notification-codes';

/**
 * Email for the notifications (docs/product.md §12): each person's choices, and the outbox the
 * administrators watch. The kinds are those of the notifications (`notifications.kind`).
 */
export const PREFERENCE_KINDS = NOTIFICATION_KINDS;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

/** portal: in the portal only; email: an email at once; digest: in the daily digest; off: no email. */
export const DELIVERY_CHOICES = ['portal', 'email', 'digest', 'off'] as const;
export type DeliveryChoice = (typeof DELIVERY_CHOICES)[number];

/** What a person gets until they choose. */
export const DEFAULT_DELIVERY: Record<PreferenceKind, DeliveryChoice> = {
  content: 'digest',
  discussions: 'email',
  collectmaster: 'email',
  tickets: 'email',
  trainings: 'portal',
  releases: 'email',
  reviews: 'email',
  promises: 'email',
  exports: 'portal',
};
export const DEFAULT_DIGEST_HOUR = 8;
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

const Delivery = Type.Union([Type.Literal('portal'), Type.Literal('email'), Type.Literal('digest'), Type.Literal('off')]);

export const DeliveryByKindSchema = Type.Object({
  content: Delivery,
  discussions: Delivery,
  collectmaster: Delivery,
  tickets: Delivery,
  trainings: Delivery,
  releases: Delivery,
  reviews: Delivery,
  promises: Delivery,
  exports: Delivery,
});

/**
 * GET and PUT /api/notifications/preferences: the signed-in person's own. `followed_categories`
 * null: every category (until they choose). `time_zone` is an IANA name ('Europe/Paris').
 */
export const NotificationPreferencesSchema = Type.Object({
  delivery: DeliveryByKindSchema,
  digest_hour: Type.Integer({ minimum: 0, maximum: 23 }),
  followed_categories: Nullable(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 })),
  language: Type.Union([Type.Literal('en'), Type.Literal('fr')]),
  time_zone: Type.String({ minLength: 1, maxLength: 64 }),
});
export type NotificationPreferences = Static<typeof NotificationPreferencesSchema>;

/** The PUT takes any part of it: what is absent stays as it was. */
export const NotificationPreferencesBodySchema = Type.Partial(
  Type.Object({
    delivery: Type.Partial(DeliveryByKindSchema),
    digest_hour: NotificationPreferencesSchema.properties.digest_hour,
    followed_categories: NotificationPreferencesSchema.properties.followed_categories,
    language: NotificationPreferencesSchema.properties.language,
    time_zone: NotificationPreferencesSchema.properties.time_zone,
  }),
);
export type NotificationPreferencesBody = Static<typeof NotificationPreferencesBodySchema>;

const MailStateSchema = Type.Union([Type.Literal('pending'), Type.Literal('sending'), Type.Literal('sent'), Type.Literal('failed')]);

/** One email of the outbox, as the administrators see it: to whom, about what, where it stands. */
export const OutboxEmailSchema = Type.Object({
  id: Type.Integer(),
  recipient: Type.String(),
  kind: Type.String(),
  event: Type.String(),
  title: Type.String(),
  state: MailStateSchema,
  attempts: Type.Integer(),
  last_error: Nullable(Type.String()),
  created_at: Type.String(),
  sent_at: Nullable(Type.String()),
});
export type OutboxEmail = Static<typeof OutboxEmailSchema>;

/** GET /api/admin/mail/outbox (administrators), newest first, by state (default: failed). */
export const OutboxQuerySchema = Type.Intersect([CursorPageQuerySchema, Type.Object({ state: Type.Optional(MailStateSchema) })]);
export type OutboxQuery = Static<typeof OutboxQuerySchema>;
export const OutboxListSchema = CursorListOf(OutboxEmailSchema);
export type OutboxList = Static<typeof OutboxListSchema>;

/** One message the embedded SMTP server of development received (GET /api/admin/mail/received). */
export const ReceivedEmailSchema = Type.Object({
  id: Type.Integer(),
  received_at: Type.String(),
  mail_from: Type.String(),
  rcpt_to: Type.String(),
  subject: Type.String(),
  message_id: Type.String(),
});
export type ReceivedEmail = Static<typeof ReceivedEmailSchema>;
export const ReceivedListSchema = Type.Intersect([
  CursorListOf(ReceivedEmailSchema),
  // False when the portal sends through SMTP_URL: nothing is received here.
  Type.Object({ embedded: Type.Boolean() }),
]);
export type ReceivedList = Static<typeof ReceivedListSchema>;

/**
 * GET /api/admin/mail/received/:id (administrators): one received message, read on the server from
 * what was kept of it: its plain-text part (null when it has none) and the addresses of its
 * List-Unsubscribe header (the one-click link first, as the portal writes it). The subject is decoded.
 */
export const ReceivedEmailDetailsSchema = Type.Object({
  ...ReceivedEmailSchema.properties,
  text: Nullable(Type.String()),
  unsubscribe_urls: Type.Array(Type.String()),
});
export type ReceivedEmailDetails = Static<typeof ReceivedEmailDetailsSchema>;
