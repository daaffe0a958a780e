import {
  Alert,
  Button,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { MantineSpacing } from '@mantine/core';
import { IconAlertCircle, IconRocket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DESCRIPTION_MAX, GAME_TYPES, TITLE_MAX } from '../../../../../domain/catalog/item-editor.schemas';
import type { GameType } from '../../../../../domain/catalog/item-editor.schemas';
import { gameNames } from '../../../shared/skin-card';
import { PriceInput } from '../../../shared/ui';
import { ImageUploadField } from '../uploads';
import type { ItemFormState, ItemValues } from '../hooks/use-item-form';
import { itemEditorMessages } from '../item-editor.messages';
import { kindTexts, priceOf, showsCounter, type ItemKind } from '../lib/editor-form';
import type { EditorSnapshot } from '../lib/publishing-rule-states';
import { EditorSection } from './editor-section';
import { PublishingRules } from './publishing-rules';
import classes from './editor-section.module.css';

const texts = itemEditorMessages.editor;

/** Where one kind of item's editor puts things: the same blocks, in its own proportions. */
interface ItemEditorLayout {
  /** The form's and the preview's share of the wide screen's 12 columns. */
  columns: { main: number; side: number };
  /** The save button under the form's sections (bundle) or under the preview, in a row of its own (skin). */
  submitInMainColumn: boolean;
  /** The space between the screenshots and the fields under them. */
  mediaGap: MantineSpacing;
  /** Extra space above the price's switches. */
  switchesOffset?: MantineSpacing;
  descriptionRequired: boolean;
}

const LAYOUTS: Record<ItemKind, ItemEditorLayout> = {
  skin: {
    columns: { main: 8, side: 4 },
    submitInMainColumn: false,
    mediaGap: 'lg',
    descriptionRequired: false,
  },
  bundle: {
    columns: { main: 7, side: 5 },
    submitInMainColumn: true,
    switchesOffset: 'md',
    mediaGap: 'md',
    descriptionRequired: true,
  },
};

/** What a kind of item adds to the shared editor: its data and its small parts. */
export interface ItemEditorKindParts {
  kind: ItemKind;
  /** The game, when the page or the bundle fixed it (spec 5: the game is fixed when a type is passed in). */
  fixedType?: GameType | null;
  onTypeChange: (type: string | null) => void;
  /** Switches after "Pay what you want" (a skin's "Available alone"). */
  moreDetails?: ReactNode;
  /** Sections between the details and the screenshots (a bundle's skins). */
  sectionsBeforeMedia?: ReactNode;
  /** Fields under the screenshots and the video (a new skin's .zip). */
  moreMedia?: ReactNode;
  /** Sections after the screenshots (a skin's colors and tags). */
  sectionsAfterMedia?: ReactNode;
  /** The live card. */
  preview: ReactNode;
  rules: Omit<EditorSnapshot, 'title' | 'description' | 'price' | 'images'>;
  /** What stands beside the form, not in it (a bundle's new-skin modal, whose own form must not submit this one). */
  outside?: ReactNode;
}

export interface ItemEditorFormProps<V extends ItemValues> extends ItemEditorKindParts {
  state: ItemFormState<V>;
  /** The short form of the bundle editor's modal: details, screenshots and the .zip, no sections. */
  compact?: boolean;
  submitLabel?: string;
  onCancel?: () => void;
}

/**
 * The item editor (spec 2.11, 4, 5) for skins and bundles: name, description, game, price, the
 * numbered screenshots and the video, with a live card preview and the publishing rules beside
 * them. A kind of item adds its own fields and sections.
 */
export function ItemEditorForm<V extends ItemValues>(props: ItemEditorFormProps<V>) {
  const { state, compact = false } = props;
  const details = <DetailsFields {...props} />;
  const media = <MediaFields {...props} />;
  const submitBar = <SubmitBar {...props} />;
  if (compact) {
    return (
      <form onSubmit={state.onSubmit} noValidate>
        <Stack gap="lg">
          {details}
          {media}
          {submitBar}
        </Stack>
      </form>
    );
  }
  const layout = LAYOUTS[props.kind];
  const sections = (
    <Stack gap="lg">
      <EditorSection title={texts.details}>{details}</EditorSection>
      {props.sectionsBeforeMedia}
      <EditorSection title={texts.media}>{media}</EditorSection>
      {props.sectionsAfterMedia}
      {layout.submitInMainColumn ? submitBar : null}
    </Stack>
  );
  return (
    <>
      <form onSubmit={state.onSubmit} noValidate>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: layout.columns.main }}>{sections}</Grid.Col>
          {/* The preview and the rules come before a save button of its own row in the page's order:
            on a phone, where the columns stack, the author sees them before saving; on a wide
            screen they stay beside the form and the button sits under it. */}
          <Grid.Col span={{ base: 12, lg: layout.columns.side }}>
            <PreviewColumn {...props} />
          </Grid.Col>
          {layout.submitInMainColumn ? null : (
            <Grid.Col span={{ base: 12, lg: layout.columns.main }}>{submitBar}</Grid.Col>
          )}
        </Grid>
      </form>
      {props.outside}
    </>
  );
}

/** Name, description, game, price and the switches. */
function DetailsFields<V extends ItemValues>({
  state: { form, editing },
  kind,
  fixedType = null,
  onTypeChange,
  moreDetails,
}: ItemEditorFormProps<V>) {
  const { values } = form;
  const layout = LAYOUTS[kind];
  const nameLabel = showsCounter(values.title.length, TITLE_MAX)
    ? `${texts.name} (${texts.nameCount(values.title.length, TITLE_MAX)})`
    : texts.name;
  return (
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
        required={layout.descriptionRequired}
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
          onChange={onTypeChange}
        />
        <PriceInput
          label={texts.price}
          description={texts.priceHint}
          placeholder={texts.pricePlaceholder}
          {...form.getInputProps('price')}
        />
      </SimpleGrid>
      <Switch
        mt={layout.switchesOffset}
        label={texts.payWhatYouWant}
        description={texts.payWhatYouWantHint}
        disabled={!priceOf(values.price)}
        {...form.getInputProps('payWhatYouWant', { type: 'checkbox' })}
      />
      {moreDetails}
    </Stack>
  );
}

/** The screenshots, the video (not in the short form) and what the kind adds. */
function MediaFields<V extends ItemValues>({
  state: { form, errors, images },
  kind,
  compact,
  moreMedia,
}: ItemEditorFormProps<V>) {
  return (
    <Stack gap={LAYOUTS[kind].mediaGap}>
      <ImageUploadField
        uploads={images}
        label={texts.images}
        required
        error={errors.attempted ? form.errors.images : undefined}
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
      {moreMedia}
    </Stack>
  );
}

/** What is wrong, if anything, and the buttons. */
function SubmitBar<V extends ItemValues>({
  state: { form, errors, failed, saving, editing },
  compact,
  kind,
  submitLabel,
  onCancel,
}: ItemEditorFormProps<V>) {
  const saveTexts = kindTexts(kind);
  const hasErrors = errors.attempted && Object.keys(form.errors).length > 0;
  return (
    <Stack gap="sm" className={compact ? undefined : classes.submitBar}>
      {hasErrors ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {texts.fixErrors}
        </Alert>
      ) : failed ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {editing ? saveTexts.updateFailed : saveTexts.createFailed} {texts.saveFailedDetail}
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
          {submitLabel ?? (editing ? saveTexts.submitEdit : saveTexts.submitNew)}
        </Button>
      </Group>
    </Stack>
  );
}

/** The live card and the publishing rules. */
function PreviewColumn<V extends ItemValues>({
  state: { form, images },
  preview,
  rules,
}: ItemEditorFormProps<V>) {
  const { values } = form;
  return (
    <Stack gap="lg" className={classes.previewColumn}>
      <EditorSection title={texts.preview} description={texts.previewHint}>
        {/* The preview is a picture of the card: nothing in it can be clicked or focused. */}
        <div className={classes.preview} inert>
          {preview}
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
          ...rules,
        }}
      />
    </Stack>
  );
}
