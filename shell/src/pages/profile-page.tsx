import { Avatar, Box, Button, DataList, Heading, HStack, Image, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { fieldErrorsOf, IMAGE_FILE_FIELD, IMAGE_MESSAGES, initials, type Image as HubImage, type ImageList } from '@hub/shared/api';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contextHeaders } from '../session/api-clients';
import { roleLabel } from '../profile/role-label';
import { uploadProfileImage } from '../profile/upload-image';
import { useSessionState, useShell } from '../shell-context';
import { withCatalogue } from '../language/with-catalogue';

// The notification and email choices: a chunk of their own, fetched with the profile page only.
const NotificationPreferences = lazy(() => import('../profile/notification-preferences'));
// "Download my data": a chunk of its own too.
const DataExportPanel = lazy(() => import('../profile/data-export'));

type Images = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; items: HubImage[] };

/** At 50 MB or more the server refuses the file (docs/product.md §9): say so before sending it. */
const MAX_BYTES = 50 * 1024 * 1024;

/**
 * /profile: company logo, profile image (choose among the profile images, upload one with its
 * progress, set and unset), role and the consultant. Image changes are the signed-in user's own,
 * so they are not offered while displaying as someone else (the server refuses them then).
 */
export const ProfilePage = withCatalogue('account', Profile);

function Profile() {
  const { t } = useTranslation(['account', 'common', 'shell']);
  const services = useShell();
  const { apis, snackbar, session } = services;
  const { displayedUser: user, displayAs } = useSessionState();
  const [images, setImages] = useState<Images>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const canEdit = displayAs === null;

  const loadImages = useCallback(() => {
    setImages({ status: 'loading' });
    apis.api
      .get<ImageList>('/images/category/profile', { page_size: 100 })
      .then((list) => setImages({ status: 'ready', items: list.items }))
      .catch(() => setImages({ status: 'failed' }));
  }, [apis]);
  useEffect(() => {
    if (canEdit) loadImages();
  }, [canEdit, loadImages]);

  if (!user) return null;

  async function change(action: () => Promise<unknown>, success: string) {
    setBusy(true);
    try {
      await action();
      await services.reloadUser();
      snackbar.notify({ kind: 'success', message: success });
    } catch (error) {
      console.error('The profile image could not be changed', error);
      snackbar.notify({ kind: 'error', message: t('profile.image.failed') });
    } finally {
      setBusy(false);
    }
  }

  const select = (image: HubImage) => change(() => apis.api.put(`/user/set-my-profile-image/${image.id}`), t('profile.image.edited'));
  const unset = () => change(() => apis.api.put('/user/unset-my-profile-image'), t('profile.image.unselected'));

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size >= MAX_BYTES) {
      snackbar.notify({ kind: 'error', message: t('common:validation.imageTooLarge') });
      return;
    }
    setProgress(0);
    try {
      const image = await uploadProfileImage({
        url: `${apis.api.baseUrl}/images`,
        token: session.tokens.hub(),
        headers: contextHeaders(session),
        file,
        onProgress: setProgress,
      });
      setProgress(null);
      loadImages();
      await select(image);
    } catch (error) {
      console.error('The profile image could not be uploaded', error);
      setProgress(null);
      const message =
        fieldErrorsOf(error)[IMAGE_FILE_FIELD] === IMAGE_MESSAGES.tooLarge
          ? t('common:validation.imageTooLarge')
          : t('profile.image.uploadFailed');
      snackbar.notify({ kind: 'error', message });
    }
  }

  const role = roleLabel(user);
  const consultants = user.contacts;
  return (
    <Stack gap="6">
      <Box as="section" bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '5', md: '8' }} aria-labelledby="profile-title">
        <HStack gap="4" mb="6" wrap="wrap">
          <Avatar.Root size="2xl" colorPalette="brand">
            {user.profile_image ? <Avatar.Image src={user.profile_image.url} alt={t('profile.image.current')} /> : null}
            <Avatar.Fallback aria-hidden="true">{initials(user)}</Avatar.Fallback>
          </Avatar.Root>
          <Box>
            <Heading as="h1" size="2xl" id="profile-title">
              {t('profile.title')}
            </Heading>
            <Text color="fg.muted">
              {user.first_name} {user.last_name}
            </Text>
          </Box>
          {user.entity?.logo ? (
            <Image
              src={user.entity.logo.url}
              alt={t('profile.companyLogo', { name: user.entity.name })}
              maxH="64px"
              maxW="160px"
              ms={{ md: 'auto' }}
            />
          ) : null}
        </HStack>
        <DataList.Root orientation="horizontal">
          <DataList.Item>
            <DataList.ItemLabel>{t('profile.email')}</DataList.ItemLabel>
            <DataList.ItemValue wordBreak="break-all">{user.email}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('profile.role')}</DataList.ItemLabel>
            <DataList.ItemValue>{t(`shell:roles.${role}`)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('profile.entity')}</DataList.ItemLabel>
            <DataList.ItemValue>{user.entity?.name ?? t('profile.noEntity')}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Box>

      {canEdit ? (
        <Box as="section" bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '5', md: '8' }} aria-labelledby="profile-image-title">
          <Heading as="h2" size="lg" mb="2" id="profile-image-title">
            {t('profile.image.title')}
          </Heading>
          {user.profile_image ? null : (
            <Text color="fg.muted" mb="4">
              {t('profile.image.none')}
            </Text>
          )}
          <Heading as="h3" size="md" mb="3">
            {t('profile.image.choose')}
          </Heading>
          {images.status === 'loading' ? (
            <Text role="status">{t('profile.image.loading')}</Text>
          ) : images.status === 'failed' ? (
            <Stack align="start" role="alert">
              <Text>{t('profile.image.loadFailed')}</Text>
              <Button size="sm" variant="outline" onClick={loadImages}>
                {t('common:retry')}
              </Button>
            </Stack>
          ) : images.items.length === 0 ? (
            <Text color="fg.muted">{t('profile.image.empty')}</Text>
          ) : (
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 3, sm: 4, md: 6 }} gap="3" aria-label={t('profile.image.choose')}>
              {images.items.map((image) => {
                const selected = user.profile_image?.id === image.id;
                return (
                  <li key={image.id}>
                    <Button
                      variant="outline"
                      h="auto"
                      w="full"
                      p="1"
                      aria-pressed={selected}
                      aria-label={t('profile.image.use', { name: image.name })}
                      borderColor={selected ? 'brand.solid' : 'border'}
                      borderWidth={selected ? '3px' : '1px'}
                      disabled={busy}
                      onClick={() => void select(image)}
                    >
                      <Image src={image.url} alt="" aspectRatio="1" objectFit="cover" w="full" borderRadius="sm" />
                    </Button>
                  </li>
                );
              })}
            </SimpleGrid>
          )}
          <Stack mt="5" gap="3" align="start">
            <HStack gap="3" wrap="wrap">
              <Button size="sm" colorPalette="brand" disabled={progress !== null} onClick={() => fileInput.current?.click()}>
                {t('profile.image.upload')}
              </Button>
              <input
                ref={fileInput}
                hidden
                type="file"
                aria-label={t('profile.image.upload')}
                accept="image/jpeg,image/png,image/gif,image/webp"
                onChange={(event) => void upload(event)}
              />
              {user.profile_image ? (
                <Button size="sm" variant="outline" disabled={busy} onClick={() => void unset()}>
                  {t('profile.image.unset')}
                </Button>
              ) : null}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {t('profile.image.uploadHint')}
            </Text>
            {progress !== null ? (
              <Progress.Root value={progress} w="full" maxW="sm" colorPalette="brand">
                <Progress.Label>{t('profile.image.uploading', { percent: progress })}</Progress.Label>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            ) : null}
          </Stack>
        </Box>
      ) : null}

      <Box as="section" bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '5', md: '8' }} aria-labelledby="profile-contact-title">
        <Heading as="h2" size="lg" mb="3" id="profile-contact-title">
          {t('profile.contact.title')}
        </Heading>
        {consultants.length === 0 ? (
          <Text color="fg.muted">{t('profile.contact.none')}</Text>
        ) : (
          <Stack as="ul" listStyleType="none" gap="3" mb="3">
            {consultants.map((contact) => (
              <HStack as="li" key={contact.id} gap="3" align="start">
                <Avatar.Root size="md" colorPalette="brand">
                  {contact.profile_image ? <Avatar.Image src={contact.profile_image.url} alt="" /> : null}
                  <Avatar.Fallback aria-hidden="true">{initials(contact)}</Avatar.Fallback>
                </Avatar.Root>
                <Box>
                  <Text fontWeight="semibold">
                    {contact.first_name} {contact.last_name}
                  </Text>
                  <Text fontSize="sm">
                    <a href={`mailto:${contact.email}`}>{contact.email}</a>
                  </Text>
                  {contact.description ? (
                    <Text fontSize="sm" color="fg.muted">
                      {contact.description}
                    </Text>
                  ) : null}
                </Box>
              </HStack>
            ))}
          </Stack>
        )}
        <Text color="fg.muted">{t('profile.contact.replies')}</Text>
      </Box>

      <Suspense fallback={null}>
        <NotificationPreferences />
      </Suspense>
      <Suspense fallback={null}>
        <DataExportPanel />
      </Suspense>
    </Stack>
  );
}
