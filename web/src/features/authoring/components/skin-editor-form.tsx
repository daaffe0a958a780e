import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconRocket } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import type { CombinedError } from 'urql';
import {
  DESCRIPTION_MAX,
  editorMessages,
  GAME_TYPES,
  LINKABLE_SKINS_PAGE,
  skinInput,
  TITLE_MAX,
} from '../../../../../domain/catalog/item-editor.schemas';
import type { GameType } from '../../../../../domain/catalog/item-editor.schemas';
import { TAG_GROUPS, tagGroupLabels, TAGS_PER_SKIN_MAX } from '../../../../../domain/catalog/tags.schemas';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import type { SkinInput } from '../../../shared/graphql/generated/graphql';
import { gameNames, SkinCard } from '../../../shared/skin-card';
import { ImageUploadField, useFileUpload, useImageUploads, ZipUploadField } from '../../../shared/uploads';
import { PriceInput } from '../../../shared/ui';
import { ColorField } from './color-field';
import type { KeptImage } from '../../../shared/uploads';
import { itemEditorMessages } from '../item-editor.messages';
import { useEditorAuthor } from '../hooks/use-editor-author';
import {
  CreateSkinMutation,
  EditorTagsQuery,
  MyLinkableSkinsQuery,
  UpdateSkinMutation,
} from '../lib/item-editor.documents';
import { fieldErrorsOf, markRefusedField, priceOf, showsCounter, truncateLabel } from '../lib/editor-form';
import { EditorSection } from './editor-section';
import { PublishingRules } from './publishing-rules';
import classes from './editor-section.module.css';

const texts = itemEditorMessages.editor;
const skinTexts = itemEditorMessages.skinEditor;

/** Saving a skin changes every list of skins the cache holds (even an empty one). */
export const CHANGES_SKINS = { additionalTypenames: ['Skin', 'SkinPage', 'Bundle', 'BundlePage'] };

/** A skin as the editor opens it (/me/skin/edit/{url}). */
export interface EditableSkin {
  id: string;
  url: string;
  title: string;
  description: string;
  type: GameType;
  price: number;
  payWhatYouWant: boolean;
  published: boolean;
  availableAlone: boolean;
  videoUrl: string | null;
  colorPrimary: string | null;
  colorSecondary: string | null;
  rating: { average: number; totalRatings: number };
  downloads?: { total: number };
  images: KeptImage[];
  colorVariations: string[];
  /** Link names of its (active) tags. */
  tags: string[];
}

type SkinFormValues = {
  title: string;
  description: string;
  type: GameType;
  price: number | string;
  payWhatYouWant: boolean;
  availableAlone: boolean;
  videoUrl: string;
  colorPrimary: string;
  twoColors: boolean;
  colorSecondary: string;
  colorVariations: string[];
  tags: string[];
};

const FORM_FIELDS = new Set([
  'tags',
  'title',
  'description',
  'type',
  'price',
  'videoUrl',
  'colorPrimary',
  'colorSecondary',
  'colorVariations',
  'images',
  'skinSource',
]);

function valuesOf(skin: EditableSkin | null, type: GameType): SkinFormValues {
  return {
    title: skin?.title ?? '',
    description: skin?.description ?? '',
    type: skin?.type ?? type,
    price: skin && skin.price > 0 ? skin.price : '',
    payWhatYouWant: skin?.payWhatYouWant ?? false,
    availableAlone: skin?.availableAlone ?? true,
    videoUrl: skin?.videoUrl ?? '',
    colorPrimary: skin?.colorPrimary ?? '',
    twoColors: Boolean(skin?.colorSecondary),
    colorSecondary: skin?.colorSecondary ?? '',
    colorVariations: skin?.colorVariations ?? [],
    tags: skin?.tags ?? [],
  };
}

export interface SkinEditorFormProps {
  /** The skin being edited, or null for a new one. */
  skin: EditableSkin | null;
  /** The game, when the page or the bundle fixed it (spec 5: the game is fixed when a type is passed in). */
  fixedType?: GameType | null;
  /** Shows the color-variations picker (the chooser's "with color variations", and every edit). */
  withVariations?: boolean;
  /** The short form of the bundle editor's modal: no colors, video, variations or preview. */
  compact?: boolean;
  submitLabel?: string;
  /** The success toast. */
  savedMessage?: string;
  onSaved: (saved: { id: string; url: string; title: string; price: number; type: GameType }) => void;
  onCancel?: () => void;
}

/**
 * The skin editor (spec 2.11, 4, 5): name, description, game, price, availability, video, colors,
 * color variations, the numbered screenshots and (new skins) the .zip, with a live card preview.
 * Nothing is flagged until the first failed publish; then the messages follow the changes.
 */
export function SkinEditorForm({
  skin,
  fixedType = null,
  withVariations = false,
  compact = false,
  submitLabel,
  savedMessage,
  onSaved,
  onCancel,
}: SkinEditorFormProps) {
  const author = useEditorAuthor();
  const editing = skin !== null;
  const images = useImageUploads(skin?.images ?? []);
  const zip = useFileUpload('SKIN_SOURCE');
  const [failed, setFailed] = useState(false);
  const [{ fetching: creating }, createSkin] = useMutation(CreateSkinMutation);
  const [{ fetching: updating }, updateSkin] = useMutation(UpdateSkinMutation);
  const saving = creating || updating;

  const [linkable] = useQuery({
    query: MyLinkableSkinsQuery,
    variables: {
      page: { page: 0, size: LINKABLE_SKINS_PAGE, sortBy: 'createdAt', sortDirection: 'DESC' as const },
    },
    pause: !withVariations || compact,
  });
  const [tagList] = useQuery({ query: EditorTagsQuery, pause: compact });
  // The curated list by group, for the picker.
  const tagOptions = useMemo(
    () =>
      TAG_GROUPS.map((group) => ({
        group: tagGroupLabels[group],
        items: (tagList.data?.tags ?? [])
          .filter((entry) => entry.tag.group === group)
          .map((entry) => ({ value: entry.tag.slug, label: entry.tag.name })),
      })).filter((group) => group.items.length > 0),
    [tagList.data],
  );
  const linkableSkins = useMemo(
    () => (linkable.data?.myCreatedSkins.content ?? []).filter((candidate) => candidate.id !== skin?.id),
    [linkable.data, skin?.id],
  );

  // What the uploads say, read by the validation (which must keep its identity between renders).
  const uploadsRef = useRef({ images, zip: zip.state });
  useEffect(() => {
    uploadsRef.current = { images, zip: zip.state };
  });

  const dtoOf = useCallback(
    (values: SkinFormValues): SkinInput => {
      const { images: imageUploads, zip: zipState } = uploadsRef.current;
      return {
        id: skin?.id ?? null,
        title: values.title,
        description: values.description,
        type: values.type,
        price: priceOf(values.price),
        payWhatYouWant: values.payWhatYouWant,
        availableAlone: values.availableAlone,
        videoUrl: values.videoUrl.trim() || null,
        colorPrimary: values.colorPrimary || null,
        colorSecondary: values.twoColors ? values.colorSecondary || null : null,
        colorVariations: withVariations || editing ? values.colorVariations : [],
        // The short form has no tag picker: it leaves the tags as they are.
        tags: compact ? null : values.tags,
        images: imageUploads.resources,
        skinSource:
          !editing && zipState?.status === 'done' && zipState.id
            ? { id: zipState.id, temporary: true, type: 'SKIN_SOURCE', order: 0 }
            : null,
      };
    },
    [compact, editing, skin?.id, withVariations],
  );

  // Spec 5 through the shared rules, plus what only the editor knows: uploads under way or failed.
  const validate = useCallback(
    (values: SkinFormValues) => {
      const parsed = skinInput.safeParse(dtoOf(values));
      const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
      const { images: imageUploads, zip: zipState } = uploadsRef.current;
      if (imageUploads.failed) errors.images = editorMessages.imageFailed;
      else if (imageUploads.uploading) errors.images = texts.imagesUploading;
      if (!editing) {
        if (!zipState) errors.skinSource = editorMessages.zipMissing;
        else if (zipState.status === 'uploading') errors.skinSource = editorMessages.zipUploading;
        // The file's own row already says what is wrong with it: the field says what to do.
        else if (zipState.status === 'failed') errors.skinSource = editorMessages.zipFailed;
      }
      if (values.twoColors && !values.colorSecondary) errors.colorSecondary = editorMessages.color;
      return errors;
    },
    [dtoOf, editing],
  );

  const form = useForm<SkinFormValues>({
    initialValues: valuesOf(skin, fixedType ?? 'TM2020'),
    validate,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);

  // After the first attempt the upload messages follow the uploads too.
  const attempted = errors.attempted;
  useEffect(() => {
    if (attempted) form.validate();
  }, [attempted, images.items, zip.state]);

  const submit = async () => {
    setFailed(false);
    const dto = dtoOf(form.getValues());
    let saved: { id: string; url: string } | undefined;
    let error: CombinedError | undefined;
    if (editing) {
      const result = await updateSkin({ dto }, CHANGES_SKINS);
      saved = result.data?.updateSkin;
      error = result.error;
    } else {
      const result = await createSkin({ dto }, CHANGES_SKINS);
      saved = result.data?.createSkin;
      error = result.error;
    }
    if (error || !saved) {
      console.error(editing ? 'updateSkin failed' : 'createSkin failed', error);
      markRefusedField(error, FORM_FIELDS, errors.setServerError);
      setFailed(true);
      notifications.show({
        color: 'red',
        message: editing ? skinTexts.updateFailed : skinTexts.createFailed,
      });
      return;
    }
    notifications.show({
      color: 'teal',
      message: savedMessage ?? (editing ? skinTexts.updated : skinTexts.created),
    });
    onSaved({
      id: saved.id,
      url: saved.url,
      title: dto.title.trim(),
      price: dto.price ?? 0,
      type: dto.type,
    });
  };

  const { values } = form;
  // Color variations are the author's skins for the same game.
  const variationOptions = linkableSkins
    .filter((candidate) => candidate.type === values.type)
    .map((candidate) => ({ value: candidate.id, label: truncateLabel(candidate.title) }));
  const changeType = (type: string | null) => {
    if (!type) return;
    form.setFieldValue('type', type as GameType);
    form.setFieldValue(
      'colorVariations',
      form
        .getValues()
        .colorVariations.filter(
          (id) => linkableSkins.find((candidate) => candidate.id === id)?.type === type,
        ),
    );
  };
  const showErrors = errors.attempted;
  const hasErrors = showErrors && Object.keys(form.errors).length > 0;
  const nameLabel = showsCounter(values.title.length, TITLE_MAX)
    ? `${texts.name} (${texts.nameCount(values.title.length, TITLE_MAX)})`
    : texts.name;

  const details = (
    <Stack gap="md">
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
          disabled={fixedType !== null}
          description={fixedType !== null ? texts.gameFixed : undefined}
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
        label={texts.payWhatYouWant}
        description={texts.payWhatYouWantHint}
        disabled={!priceOf(values.price)}
        {...form.getInputProps('payWhatYouWant', { type: 'checkbox' })}
      />
      <Switch
        label={skinTexts.availableAlone}
        description={skinTexts.availableAloneHint}
        {...form.getInputProps('availableAlone', { type: 'checkbox' })}
      />
    </Stack>
  );

  const uploadsBlock = (
    <Stack gap="lg">
      <ImageUploadField
        uploads={images}
        label={texts.images}
        required
        error={showErrors ? form.errors.images : undefined}
        dataPath="images"
      />
      {!compact ? (
        <TextInput
          label={texts.videoUrl}
          description={texts.videoHint}
          placeholder={texts.videoPlaceholder}
          type="url"
          {...form.getInputProps('videoUrl')}
        />
      ) : null}
      {!editing ? (
        <ZipUploadField
          upload={zip}
          label={skinTexts.zip}
          required
          description={
            <>
              {skinTexts.zipHint}{' '}
              <Anchor component={Link} to="/installation-guide" target="_blank" size="xs">
                {skinTexts.zipHelp}
              </Anchor>
            </>
          }
          error={showErrors ? form.errors.skinSource : undefined}
          dataPath="skinSource"
        />
      ) : null}
    </Stack>
  );

  const submitBar = (
    <Stack gap="sm" className={compact ? undefined : classes.submitBar}>
      {hasErrors ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {texts.fixErrors}
        </Alert>
      ) : failed ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {editing ? skinTexts.updateFailed : skinTexts.createFailed} {texts.saveFailedDetail}
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
          size={compact ? 'sm' : 'md'}
          loading={saving}
          leftSection={<IconRocket size={18} aria-hidden />}
        >
          {submitLabel ?? (editing ? skinTexts.submitEdit : skinTexts.submitNew)}
        </Button>
      </Group>
    </Stack>
  );

  if (compact) {
    return (
      <form onSubmit={errors.onSubmit(submit)} noValidate>
        <Stack gap="lg">
          {details}
          {uploadsBlock}
          {submitBar}
        </Stack>
      </form>
    );
  }

  const firstImage = images.items.find((item) => item.status !== 'failed' && item.previewUrl);
  const preview = {
    id: skin?.id ?? 'preview',
    url: skin?.url ?? '',
    title: values.title.trim() || skinTexts.untitled,
    type: values.type,
    price: priceOf(values.price) ?? 0,
    published: skin?.published ?? true,
    thumbnail: firstImage ? { id: firstImage.key, cardUrl: firstImage.previewUrl } : null,
    author,
    rating: skin?.rating ?? { average: 0, totalRatings: 0 },
    tags: values.tags.map((slug) => {
      const name = tagList.data?.tags.find((entry) => entry.tag.slug === slug)?.tag.name ?? slug;
      return { id: slug, slug, name };
    }),
    downloads: skin?.downloads ?? { total: 0 },
  };

  return (
    <form onSubmit={errors.onSubmit(submit)} noValidate>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <EditorSection title={texts.details}>{details}</EditorSection>
            <EditorSection title={texts.media}>{uploadsBlock}</EditorSection>
            <EditorSection title={skinTexts.colors}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <ColorField
                  label={skinTexts.colorPrimary}
                  placeholder="#00d8fb"
                  {...form.getInputProps('colorPrimary')}
                />
                <Stack gap="xs">
                  <Switch
                    label={skinTexts.twoColors}
                    description={skinTexts.twoColorsHint}
                    mt={{ base: 0, sm: 28 }}
                    {...form.getInputProps('twoColors', { type: 'checkbox' })}
                  />
                </Stack>
                {values.twoColors ? (
                  <ColorField
                    label={skinTexts.colorSecondary}
                    placeholder="#ff3595"
                    {...form.getInputProps('colorSecondary')}
                  />
                ) : null}
              </SimpleGrid>
              {withVariations || editing ? (
                <MultiSelect
                  label={skinTexts.variations}
                  description={skinTexts.variationsHint}
                  placeholder={
                    variationOptions.length > 0 ? skinTexts.variationsPlaceholder : skinTexts.variationsNone
                  }
                  data={variationOptions}
                  searchable
                  clearable
                  hidePickedOptions
                  disabled={linkable.fetching && !linkable.data}
                  nothingFoundMessage={skinTexts.variationsNone}
                  {...form.getInputProps('colorVariations')}
                />
              ) : null}
            </EditorSection>
            <EditorSection title={skinTexts.tags}>
              <MultiSelect
                label={skinTexts.tagsLabel}
                description={skinTexts.tagsHint(TAGS_PER_SKIN_MAX)}
                placeholder={values.tags.length < TAGS_PER_SKIN_MAX ? skinTexts.tagsPlaceholder : undefined}
                data={tagOptions}
                maxValues={TAGS_PER_SKIN_MAX}
                searchable
                clearable
                hidePickedOptions
                disabled={tagList.fetching && !tagList.data}
                nothingFoundMessage={skinTexts.tagsNone}
                {...form.getInputProps('tags')}
              />
            </EditorSection>
          </Stack>
        </Grid.Col>
        {/* The preview and the rules come before the save button in the page's order: on a phone,
            where the columns stack, the author sees them before saving; on a wide screen they stay
            beside the form and the button sits under it. */}
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg" className={classes.previewColumn}>
            <EditorSection title={texts.preview} description={texts.previewHint}>
              {/* The preview is a picture of the card: nothing in it can be clicked or focused. */}
              <div className={classes.preview} inert>
                <SkinCard skin={preview} headingOrder={3} />
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
                ...(editing ? {} : { zip: zip.state?.status ?? null }),
              }}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>{submitBar}</Grid.Col>
      </Grid>
    </form>
  );
}
