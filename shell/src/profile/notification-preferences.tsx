import { Box, Button, Checkbox, Fieldset, Heading, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  DELIVERY_CHOICES,
  isAdministrator,
  isContributor,
  LANGUAGES,
  PREFERENCE_KINDS,
  type CategoryList,
  type DeliveryChoice,
  type NotificationPreferences as Preferences,
} from '@hub/shared/api';
import { catalogues } from '@hub/shared/i18n';
import type { Language } from '@hub/shared/remote';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionState, useShell } from '../shell-context';

type Loaded =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; preferences: Preferences; categories: CategoryList['items'] };

/** The time zones the browser knows, the person's own first when it is not among them. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

function Select({
  label,
  value,
  onChange,
  disabled,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack gap="1">
      <label htmlFor={id}>
        <Text as="span" fontSize="sm" fontWeight="medium">
          {label}
        </Text>
      </label>
      <NativeSelect.Root disabled={disabled}>
        <NativeSelect.Field id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
}

/**
 * The profile's notification and email choices (docs/product.md §12), a chunk of its own with its
 * catalogue ('mail'), fetched when the profile opens: per kind in the portal, by email at once, in
 * the daily digest or off; the digest's hour and time zone; the language of the emails; the news
 * categories followed. During display-as they are shown, not changed.
 */
export default function NotificationPreferences() {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const { apis, snackbar } = useShell();
  const { displayAs, displayedUser } = useSessionState();
  // Only administrators are told of releases (an automatic roll-back), and only the publisher's staff
  // (contributors and above) of reviews and reply promises: the others never see those choices.
  const rights = displayedUser?.rights ?? [];
  const kinds = PREFERENCE_KINDS.filter((kind) =>
    kind === 'releases' ? isAdministrator(rights) : kind === 'reviews' || kind === 'promises' ? isContributor(rights) : true,
  );
  const [ready, setReady] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [draft, setDraft] = useState<Preferences | null>(null);
  const [saving, setSaving] = useState(false);
  const readOnly = displayAs !== null;

  // This section's catalogue joins the shell's instance in the language it speaks.
  useEffect(() => {
    let live = true;
    void catalogues.load(language, ['mail']).then(() => {
      const catalogue = catalogues.get(language, 'mail');
      if (catalogue && !i18n.hasResourceBundle(language, 'mail')) i18n.addResourceBundle(language, 'mail', catalogue);
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [i18n, language]);
  const t = i18n.getFixedT(language, ['mail', 'common']);

  const load = useCallback(() => {
    setLoaded({ status: 'loading' });
    Promise.all([
      apis.api.get<Preferences>('/notifications/preferences', undefined, { silent: true }),
      apis.api.get<CategoryList>('/categories', { page_size: 100 }, { silent: true }),
    ])
      .then(([preferences, categories]) => {
        setLoaded({ status: 'ready', preferences, categories: categories.items });
        setDraft(preferences);
      })
      .catch(() => setLoaded({ status: 'failed' }));
  }, [apis]);
  useEffect(load, [load]);

  if (!ready) return null;
  const section = (children: ReactNode) => (
    <Box as="section" bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '5', md: '8' }} aria-labelledby="profile-notifications-title">
      <Heading as="h2" size="lg" mb="2" id="profile-notifications-title">
        {t('preferences.title')}
      </Heading>
      <Text color="fg.muted" mb="4">
        {t('preferences.intro')}
      </Text>
      {children}
    </Box>
  );
  if (loaded.status === 'loading' || !draft) {
    if (loaded.status === 'failed')
      return section(
        <Stack align="start" role="alert">
          <Text>{t('preferences.loadFailed')}</Text>
          <Button size="sm" variant="outline" onClick={load}>
            {t('common:retry')}
          </Button>
        </Stack>,
      );
    return section(<Text role="status">{t('preferences.loading')}</Text>);
  }
  const categories = loaded.status === 'ready' ? loaded.categories : [];
  const followed = draft.followed_categories;
  const update = (change: Partial<Preferences>) => setDraft({ ...draft, ...change });

  async function save() {
    if (!draft) return;
    setSaving(true);
    try {
      const saved = await apis.api.put<Preferences>('/notifications/preferences', draft, { silent: true });
      setDraft(saved);
      snackbar.notify({ kind: 'success', message: t('preferences.saved') });
    } catch {
      snackbar.notify({ kind: 'error', message: t('preferences.saveFailed') });
    } finally {
      setSaving(false);
    }
  }

  return section(
    <Stack gap="5">
      {readOnly ? <Text role="note">{t('preferences.displayAs')}</Text> : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {kinds.map((kind) => (
          <Select
            key={kind}
            label={t(`preferences.kinds.${kind}`)}
            value={draft.delivery[kind]}
            disabled={readOnly}
            onChange={(value) => update({ delivery: { ...draft.delivery, [kind]: value as DeliveryChoice } })}
          >
            {DELIVERY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`preferences.delivery.${choice}`)}
              </option>
            ))}
          </Select>
        ))}
        <Select
          label={t('preferences.digestHour')}
          value={String(draft.digest_hour)}
          disabled={readOnly}
          onChange={(value) => update({ digest_hour: Number(value) })}
        >
          {Array.from({ length: 24 }, (_, hour) => (
            <option key={hour} value={hour}>
              {t('preferences.hour', { hour: String(hour).padStart(2, '0') })}
            </option>
          ))}
        </Select>
        <Select
          label={t('preferences.timeZone')}
          value={draft.time_zone}
          disabled={readOnly}
          onChange={(value) => update({ time_zone: value })}
        >
          {timeZones(draft.time_zone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </Select>
        <Select
          label={t('preferences.language')}
          value={draft.language}
          disabled={readOnly}
          onChange={(value) => update({ language: value as Preferences['language'] })}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`preferences.languages.${code}`)}
            </option>
          ))}
        </Select>
      </SimpleGrid>
      {categories.length > 0 ? (
        <Fieldset.Root disabled={readOnly}>
          <Fieldset.Legend fontSize="sm" fontWeight="medium">
            {t('preferences.categories')}
          </Fieldset.Legend>
          <Stack gap="2" mt="2">
            <Checkbox.Root
              checked={followed === null}
              onCheckedChange={(state) => update({ followed_categories: state.checked === true ? null : [] })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('preferences.allCategories')}</Checkbox.Label>
            </Checkbox.Root>
            {categories.map((category) => (
              <Checkbox.Root
                key={category.id}
                ms="6"
                checked={followed === null || followed.includes(category.id)}
                disabled={followed === null}
                onCheckedChange={(state) => {
                  const current = followed ?? [];
                  update({
                    followed_categories: state.checked === true ? [...current, category.id] : current.filter((id) => id !== category.id),
                  });
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{category.name}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Root>
      ) : null}
      {readOnly ? null : (
        <Box>
          <Button colorPalette="brand" loading={saving} onClick={() => void save()}>
            {t('preferences.save')}
          </Button>
        </Box>
      )}
    </Stack>,
  );
}
