import '@mantine/dropzone/styles.css';
import { ActionIcon, Badge, Button, Group, Input, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  IconAlertTriangle,
  IconGripVertical,
  IconPhotoPlus,
  IconPhotoX,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { IMAGES_MAX } from '../../../../../domain/catalog/item-editor.schemas';
import type { ImageItem, ImageUploads } from './use-image-uploads';
import { uploadMessages } from './uploads.messages';
import classes from './uploads.module.css';
import { useTouchScreen } from './use-touch-screen';

const messages = uploadMessages.images;

function ImageTile({
  item,
  position,
  onRemove,
  onRetry,
}: {
  item: ImageItem;
  position: number;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.key });
  const percent = Math.round(item.progress * 100);
  return (
    <li
      ref={setNodeRef}
      className={classes.tile}
      data-status={item.status}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <div className={classes.tileMedia}>
        {item.previewUrl ? (
          <img src={item.previewUrl} alt={messages.alt(position, item.name)} className={classes.tileImage} />
        ) : (
          <div className={classes.tilePlaceholder} role="img" aria-label={messages.alt(position, item.name)}>
            <IconPhotoX size={32} stroke={1.4} aria-hidden />
          </div>
        )}
        <Badge size="lg" radius="sm" variant="filled" color="dark" className={classes.number}>
          <span aria-hidden>{position}</span>
        </Badge>
        {position === 1 ? (
          <Badge size="sm" radius="sm" variant="filled" color="magenta" className={classes.thumbnailBadge}>
            {messages.thumbnail}
          </Badge>
        ) : null}
        <Group gap={4} className={classes.tileActions}>
          <Tooltip label={messages.dragHandle(position)} openDelay={400}>
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="filled"
              color="dark"
              size="lg"
              className={classes.handle}
              aria-label={messages.dragHandle(position)}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={messages.remove(position)} openDelay={400}>
            <ActionIcon
              variant="filled"
              color="dark"
              size="lg"
              aria-label={messages.remove(position)}
              onClick={onRemove}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        {item.status === 'failed' ? (
          <div className={classes.tileError} role="alert">
            <IconAlertTriangle size={20} aria-hidden />
            <Text size="xs" fw={600} ta="center">
              {item.error}
            </Text>
            {item.retryable ? (
              <Button
                size="compact-xs"
                variant="white"
                color="dark"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={onRetry}
                aria-label={messages.retry(position)}
              >
                {uploadMessages.zip.retry}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {item.name || item.status === 'uploading' ? (
        <div className={classes.tileFooter}>
          {item.name ? (
            <Text size="xs" c="dimmed" truncate title={item.name}>
              {item.name}
            </Text>
          ) : null}
          {item.status === 'uploading' ? (
            <Stack gap={2}>
              <Progress
                value={percent}
                size="sm"
                striped={percent >= 100}
                animated={percent >= 100}
                aria-label={messages.number(position)}
              />
              <Text size="xs" c="dimmed" aria-live="polite">
                {percent >= 100 ? messages.processing : messages.uploading(percent)}
              </Text>
            </Stack>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export interface ImageUploadFieldProps {
  uploads: ImageUploads;
  label: ReactNode;
  description?: ReactNode;
  /** The editor's message after the first failed publish (e.g. 'You must upload at least one image.'). */
  error?: ReactNode;
  required?: boolean;
  /** The form path, so that a failed publish can move focus here. */
  dataPath?: string;
}

/**
 * The screenshots of a skin or bundle: a drop zone that appends pictures in order and uploads each
 * at once, then the numbered pictures with their progress, failures (remove, retry) and a drag
 * handle to reorder them; the first is the thumbnail (spec 4 and 5).
 */
export function ImageUploadField({
  uploads,
  label,
  description,
  error,
  required,
  dataPath,
}: ImageUploadFieldProps) {
  const id = useId();
  const [overflow, setOverflow] = useState<number | null>(null);
  const touch = useTouchScreen();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const full = uploads.items.length >= IMAGES_MAX;
  const positionOf = (key: UniqueIdentifier) => uploads.items.findIndex((item) => item.key === key) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => messages.dragStart(positionOf(active.id)),
    onDragOver: ({ active, over }) =>
      over ? messages.dragOver(positionOf(active.id), positionOf(over.id)) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? messages.dragEnd(positionOf(active.id), positionOf(over.id)) : undefined,
    onDragCancel: ({ active }) => messages.dragCancel(positionOf(active.id)),
  };

  const onDrop = (files: File[]) => {
    const left = IMAGES_MAX - uploads.items.length;
    const notAdded = uploads.add(files);
    setOverflow(notAdded > 0 ? Math.max(0, left) : null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) uploads.move(String(active.id), String(over.id));
  };

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      required={required}
      labelElement="div"
    >
      <Stack gap="sm" mt={6}>
        <Dropzone
          onDrop={onDrop}
          disabled={full}
          multiple
          // The picker offers pictures only; what is dropped is checked in order (spec 5 messages).
          inputProps={{
            accept: 'image/png,image/jpeg',
            'aria-label': touch ? messages.dropTouch : messages.drop,
          }}
          className={classes.dropzone}
          data-error={error ? true : undefined}
          data-path={dataPath}
          aria-labelledby={`${id}-label ${id}-drop-title`}
          aria-describedby={[
            description ? `${id}-description` : '',
            `${id}-drop-hint`,
            error ? `${id}-error` : '',
          ]
            .filter(Boolean)
            .join(' ')}
          aria-invalid={error ? true : undefined}
        >
          <Group justify="center" gap="lg" wrap="nowrap" className={classes.dropInner}>
            <IconPhotoPlus size={40} stroke={1.4} aria-hidden className={classes.dropIcon} />
            <Stack gap={2}>
              <Text fw={700} id={`${id}-drop-title`}>
                {full ? messages.dropFull : touch ? messages.dropTouch : messages.drop}
              </Text>
              <Text size="sm" c="dimmed" id={`${id}-drop-hint`}>
                {messages.dropHint}
              </Text>
            </Stack>
            <Badge variant="light" size="lg" radius="sm" className={classes.count}>
              {messages.count(uploads.items.filter((item) => item.status !== 'failed').length)}
            </Badge>
          </Group>
        </Dropzone>
        {overflow !== null ? (
          <Text size="sm" c="yellow" role="status">
            {messages.tooMany(overflow)}
          </Text>
        ) : null}
        {uploads.items.length > 0 ? (
          <>
            <Text size="xs" c="dimmed">
              {touch ? messages.orderTouch : messages.order}
            </Text>
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{
                announcements,
                screenReaderInstructions: { draggable: messages.dragInstructions },
              }}
            >
              <SortableContext items={uploads.items.map((item) => item.key)} strategy={rectSortingStrategy}>
                <ol className={classes.tiles} aria-label={messages.listLabel}>
                  {uploads.items.map((item, index) => (
                    <ImageTile
                      key={item.key}
                      item={item}
                      position={index + 1}
                      onRemove={() => {
                        uploads.remove(item.key);
                        setOverflow(null);
                      }}
                      onRetry={() => uploads.retry(item.key)}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
          </>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
