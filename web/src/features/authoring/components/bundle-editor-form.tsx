import {
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconRocket, IconUpload } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import type { CombinedError } from 'urql';
import {
  bundleInput,
  DESCRIPTION_MAX,
  editorMessages,
  GAME_TYPES,
  LINKABLE_SKINS_PAGE,
  TITLE_MAX,
} from '../../../../../domain/catalog/item-editor.schemas';
import type { GameType } from '../../../../../domain/catalog/item-editor.schemas';
import { BundleCard } from '../../../shared/bundle-card';
import { formatPrice } from '../../../shared/format';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import type { BundleInput } from '../../../shared/graphql/generated/graphql';
import { PriceInput } from '../../../shared/ui';
import { gameNames } from '../../../shared/skin-card';
import { ImageUploadField, useImageUploads } from '../../../shared/uploads';
import type { KeptImage } from '../../../shared/uploads';
import { itemEditorMessages } from '../item-editor.messages';
import { useEditorAuthor } from '../hooks/use-editor-author';
import {
  CreateBundleMutation,
  MyLinkableSkinsQuery,
  UpdateBundleMutation,
} from '../lib/item-editor.documents';
import { fieldErrorsOf, markRefusedField, priceOf, showsCounter, truncateLabel } from '../lib/editor-form';
import { EditorSection } from './editor-section';
import { PublishingRules } from './publishing-rules';
import { CHANGES_SKINS, SkinEditorForm } from './skin-editor-form';
import classes from './editor-section.module.css';

const texts = itemEditorMessages.editor;
const bundleTexts = itemEditorMessages.bundleEditor;

/** A bundle as the editor opens it (/me/bundle/edit/{url}). */
export interface EditableBundle {
  id: string;
  url: string;
  title: string;
  description: string;
  type: GameType;
  price: number;
  payWhatYouWant: boolean;
  published: boolean;
  videoUrl: string | null;
  images: KeptImage[];
  skins: string[];
}

type BundleFormValues = {
  title: string;
  description: string;
  type: GameType;
  price: number | string;
  payWhatYouWant: boolean;
  videoUrl: string;
  skins: string[];
};

/** A skin the bundle may hold. */
interface LinkableSkin {
  id: string;
  title: string;
  type: GameType;
  price: number;
  /** The picker shows it beside the title; a skin just uploaded from the modal has none yet. */
  thumbnail?: { cardUrl?: string | null } | null;
}

const FORM_FIELDS = new Set(['title', 'description', 'type', 'price', 'videoUrl', 'skins', 'images']);

function valuesOf(bundle: EditableBundle | null): BundleFormValues {
  return {
    title: bundle?.title ?? '',
    description: bundle?.description ?? '',
    type: bundle?.type ?? 'TM2020',
    price: bundle && bundle.price > 0 ? bundle.price : '',
    payWhatYouWant: bundle?.payWhatYouWant ?? false,
    videoUrl: bundle?.videoUrl ?? '',
    skins: bundle?.skins ?? [],
  };
}

/** A skin in the contents picker: its thumbnail beside its title, so similar names are told apart. */
function PickerOption({ title, thumbnail }: { title: string; thumbnail: string | null | undefined }) {
  return (
    <Group gap="sm" wrap="nowrap" data-testid="skin-picker-option">
      {thumbnail ? (
        <img src={thumbnail} alt="" width={64} height={36} loading="lazy" style={pickerThumbnail} />
      ) : (
        <span aria-hidden style={pickerThumbnail} />
      )}
      <Text size="sm" truncate>
        {title}
      </Text>
    </Group>
  );
}

const pickerThumbnail = {
  flex: '0 0 auto',
  width: 64,
  height: 36,
  objectFit: 'cover',
  borderRadius: 4,
  background: 'var(--mantine-color-default-border)',
} as const;

/**
 * The bundle editor (spec 2.11, 5): name, description (required), game, price, video, the author's
 * skins of that game, the numbered screenshots, a live bundle card, and a modal that uploads a new
 * skin and adds it to the bundle.
 */
export function BundleEditorForm({
  bundle,
  onSaved,
  onCancel,
}: {
  bundle: EditableBundle | null;
  onSaved: (saved: { id: string; url: string }) => void;
  onCancel?: () => void;
}) {
  const author = useEditorAuthor();
  const editing = bundle !== null;
  const images = useImageUploads(bundle?.images ?? []);
  const [failed, setFailed] = useState(false);
  const [modalOpened, modal] = useDisclosure(false);
  const [{ fetching: creating }, createBundle] = useMutation(CreateBundleMutation);
  const [{ fetching: updating }, updateBundle] = useMutation(UpdateBundleMutation);
  const saving = creating || updating;

  const [linkable] = useQuery({
    query: MyLinkableSkinsQuery,
    variables: {
      page: { page: 0, size: LINKABLE_SKINS_PAGE, sortBy: 'createdAt', sortDirection: 'DESC' as const },
    },
    requestPolicy: 'cache-and-network',
  });
  // Skins uploaded from the modal show at once, before the list comes back with them.
  const [uploadedHere, setUploadedHere] = useState<LinkableSkin[]>([]);
  const skins = useMemo(() => {
    const loaded: LinkableSkin[] = linkable.data?.myCreatedSkins.content ?? [];
    const known = new Set(loaded.map((skin) => skin.id));
    return [...uploadedHere.filter((skin) => !known.has(skin.id)), ...loaded];
  }, [linkable.data, uploadedHere]);

  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  });

  const dtoOf = useCallback(
    (values: BundleFormValues): BundleInput => ({
      id: bundle?.id ?? null,
      title: values.title,
      description: values.description,
      type: values.type,
      price: priceOf(values.price),
      payWhatYouWant: values.payWhatYouWant,
      videoUrl: values.videoUrl.trim() || null,
      skins: values.skins.map((id) => ({ id })),
      images: imagesRef.current.resources,
    }),
    [bundle?.id],
  );

  const validate = useCallback(
    (values: BundleFormValues) => {
      const parsed = bundleInput.safeParse(dtoOf(values));
      const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
      if (imagesRef.current.failed) errors.images = editorMessages.imageFailed;
      else if (imagesRef.current.uploading) errors.images = texts.imagesUploading;
      return errors;
    },
    [dtoOf],
  );

  const form = useForm<BundleFormValues>({
    initialValues: valuesOf(bundle),
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);
  const attempted = errors.attempted;
  useEffect(() => {
    if (attempted) form.validate();
  }, [attempted, images.items]);

  const { values } = form;
  // The skins of the bundle's game; one chosen earlier stays listed until it is removed.
  const options = skins
    .filter((skin) => skin.type === values.type || values.skins.includes(skin.id))
    .map((skin) => ({ value: skin.id, label: truncateLabel(skin.title) }));
  const chosen = values.skins
    .map((id) => skins.find((skin) => skin.id === id))
    .filter((skin): skin is LinkableSkin => skin !== undefined);
  const worth = chosen.reduce((sum, skin) => sum + skin.price, 0);

  const submit = async () => {
    setFailed(false);
    const dto = dtoOf(form.getValues());
    let saved: { id: string; url: string } | undefined;
    let error: CombinedError | undefined;
    if (editing) {
      const result = await updateBundle({ dto }, CHANGES_SKINS);
      saved = result.data?.updateBundle;
      error = result.error;
    } else {
      const result = await createBundle({ dto }, CHANGES_SKINS);
      saved = result.data?.createBundle;
      error = result.error;
    }
    if (error || !saved) {
      console.error(editing ? 'updateBundle failed' : 'createBundle failed', error);
      markRefusedField(error, FORM_FIELDS, errors.setServerError);
      setFailed(true);
      notifications.show({
        color: 'red',
        message: editing ? bundleTexts.updateFailed : bundleTexts.createFailed,
      });
      return;
    }
    notifications.show({ color: 'teal', message: editing ? bundleTexts.updated : bundleTexts.created });
    onSaved(saved);
  };

  const changeType = (type: string | null) => {
    if (!type) return;
    form.setFieldValue('type', type as GameType);
    // Only skins of the bundle's game belong in it.
    form.setFieldValue(
      'skins',
      form.getValues().skins.filter((id) => skins.find((skin) => skin.id === id)?.type === type),
    );
  };

  const showErrors = errors.attempted;
  const hasErrors = showErrors && Object.keys(form.errors).length > 0;
  const nameLabel = showsCounter(values.title.length, TITLE_MAX)
    ? `${texts.name} (${texts.nameCount(values.title.length, TITLE_MAX)})`
    : texts.name;

  const firstImage = images.items.find((item) => item.status !== 'failed' && item.previewUrl);
  const preview = {
    id: bundle?.id ?? 'preview',
    url: bundle?.url ?? '',
    title: values.title.trim() || bundleTexts.untitled,
    description: values.description,
    type: values.type,
    price: priceOf(values.price) ?? 0,
    published: bundle?.published ?? true,
    thumbnail: firstImage ? { id: firstImage.key, cardUrl: firstImage.previewUrl } : null,
    author,
    skins: chosen.map((skin) => ({ id: skin.id, price: skin.price })),
  };

  return (
    <>
      <form onSubmit={errors.onSubmit(submit)} noValidate>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <EditorSection title={texts.details}>
                <TextInput
                  label={nameLabel}
                  required
                  maxLength={TITLE_MAX}
                  readOnly={editing}
                  variant={editing ? 'filled' : 'default'}
                  description={editing ? texts.nameFixed : undefined}
                  autoComplete="off"
                  {...form.getInputProps('title')}
                />
                <Textarea
                  label={texts.description}
                  required
                  description={texts.descriptionCount(values.description.length, DESCRIPTION_MAX)}
                  autosize
                  minRows={3}
                  maxRows={8}
                  {...form.getInputProps('description')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Select
                    label={texts.game}
                    required
                    allowDeselect={false}
                    data={GAME_TYPES.map((game) => ({ value: game, label: gameNames[game].name }))}
                    {...form.getInputProps('type')}
                    onChange={changeType}
                  />
                  <PriceInput
                    label={texts.price}
                    description={texts.priceHint}
                    placeholder={texts.pricePlaceholder}
                    {...form.getInputProps('price')}
                  />
                </SimpleGrid>
                <Switch
                  mt="md"
                  label={texts.payWhatYouWant}
                  description={texts.payWhatYouWantHint}
                  disabled={!priceOf(values.price)}
                  {...form.getInputProps('payWhatYouWant', { type: 'checkbox' })}
                />
              </EditorSection>

              <EditorSection title={bundleTexts.contents}>
                <MultiSelect
                  label={bundleTexts.skins}
                  description={bundleTexts.skinsHint}
                  required
                  placeholder={options.length > 0 ? bundleTexts.skinsPlaceholder : undefined}
                  data={options}
                  searchable
                  clearable
                  hidePickedOptions
                  nothingFoundMessage={bundleTexts.skinsNone}
                  disabled={linkable.fetching && !linkable.data}
                  renderOption={({ option }) => (
                    <PickerOption
                      title={option.label}
                      thumbnail={skins.find((skin) => skin.id === option.value)?.thumbnail?.cardUrl}
                    />
                  )}
                  {...form.getInputProps('skins')}
                />
                {options.length === 0 && linkable.data ? (
                  <Text size="sm" c="dimmed">
                    {bundleTexts.skinsNone}
                  </Text>
                ) : null}
                {chosen.length > 0 ? (
                  <Text size="sm" c="dimmed">
                    {bundleTexts.skinsWorth(formatPrice(worth))}
                  </Text>
                ) : null}
                <Group>
                  <Button
                    variant="light"
                    leftSection={<IconUpload size={18} aria-hidden />}
                    onClick={modal.open}
                  >
                    {bundleTexts.newSkin}
                  </Button>
                </Group>
              </EditorSection>

              <EditorSection title={texts.media}>
                <ImageUploadField
                  uploads={images}
                  label={texts.images}
                  required
                  error={showErrors ? form.errors.images : undefined}
                  dataPath="images"
                />
                <TextInput
                  label={texts.videoUrl}
                  description={texts.videoHint}
                  placeholder={texts.videoPlaceholder}
                  type="url"
                  {...form.getInputProps('videoUrl')}
                />
              </EditorSection>

              <Stack gap="sm" className={classes.submitBar}>
                {hasErrors ? (
                  <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
                    {texts.fixErrors}
                  </Alert>
                ) : failed ? (
                  <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
                    {editing ? bundleTexts.updateFailed : bundleTexts.createFailed} {texts.saveFailedDetail}
                  </Alert>
                ) : null}
                <Group justify="flex-end" gap="sm">
                  {onCancel ? (
                    <Button variant="default" onClick={onCancel} disabled={saving}>
                      {texts.cancel}
                    </Button>
                  ) : null}
                  <Button
                    type="submit"
                    size="md"
                    loading={saving}
                    leftSection={<IconRocket size={18} aria-hidden />}
                  >
                    {editing ? bundleTexts.submitEdit : bundleTexts.submitNew}
                  </Button>
                </Group>
              </Stack>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg" className={classes.previewColumn}>
              <EditorSection title={texts.preview} description={texts.previewHint}>
                <div className={classes.preview} inert>
                  <BundleCard bundle={preview} headingOrder={3} />
                </div>
              </EditorSection>
              <PublishingRules
                form={{
                  title: values.title,
                  description: values.description,
                  price: values.price,
                  images: {
                    count: images.items.filter((item) => item.status !== 'failed').length,
                    failed: images.items.some((item) => item.status === 'failed'),
                  },
                }}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </form>

      <Modal
        opened={modalOpened}
        onClose={modal.close}
        title={bundleTexts.modal.title}
        size="xl"
        centered
        closeOnClickOutside={false}
        classNames={{ title: classes.modalTitle }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {bundleTexts.modal.description}
          </Text>
          {modalOpened ? (
            <SkinEditorForm
              skin={null}
              compact
              fixedType={values.type}
              submitLabel={bundleTexts.modal.submit}
              savedMessage={bundleTexts.modal.added}
              onCancel={modal.close}
              onSaved={(saved) => {
                setUploadedHere((current) => [
                  { id: saved.id, title: saved.title, type: saved.type, price: saved.price },
                  ...current,
                ]);
                form.setFieldValue('skins', [...form.getValues().skins, saved.id]);
                modal.close();
              }}
            />
          ) : null}
        </Stack>
      </Modal>
    </>
  );
}
