import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Input, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconFileZip,
  IconRefresh,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { SKIN_ZIP_MAX_BYTES } from '../../../../../domain/catalog/item-editor.schemas';
import type { FileUpload } from './use-file-upload';
import { uploadMessages } from './uploads.messages';
import classes from './uploads.module.css';
import { useTouchScreen } from './use-touch-screen';

const messages = uploadMessages.zip;

function sizeOf(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** Spec 5: the name ends with .zip and the file is at most 26214400 bytes. */
export function zipRefusalOf(file: File): string | null {
  return /\.zip$/i.test(file.name) && file.size <= SKIN_ZIP_MAX_BYTES ? null : uploadMessages.zipPicked;
}

export interface ZipUploadFieldProps {
  upload: FileUpload;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  dataPath?: string;
}

/** The skin's .zip: a drop zone, then the file with its upload progress, result and the server's hint. */
export function ZipUploadField({
  upload,
  label,
  description,
  error,
  required,
  dataPath,
}: ZipUploadFieldProps) {
  const id = useId();
  const touch = useTouchScreen();
  const { state } = upload;
  const pick = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const refusal = zipRefusalOf(file);
    if (refusal) upload.refuse(file, refusal);
    else upload.pick(file);
  };
  const percent = state ? Math.round(state.progress * 100) : 0;

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
          onDrop={pick}
          multiple={false}
          inputProps={{
            accept: '.zip,application/zip,application/x-zip-compressed',
            'aria-label': touch ? messages.dropTouch : messages.drop,
          }}
          className={classes.dropzone}
          data-compact={state ? true : undefined}
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
            <IconFileZip size={state ? 28 : 40} stroke={1.4} aria-hidden className={classes.dropIcon} />
            <Stack gap={2}>
              <Text fw={700} id={`${id}-drop-title`}>
                {state ? messages.replace : touch ? messages.dropTouch : messages.drop}
              </Text>
              <Text size="sm" c="dimmed" id={`${id}-drop-hint`}>
                {messages.dropHint}
              </Text>
            </Stack>
          </Group>
        </Dropzone>

        {state ? (
          <Paper withBorder p="sm" radius="md" className={classes.file} data-status={state.status}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon
                size={40}
                radius="md"
                variant="light"
                color={state.status === 'failed' ? 'red' : state.status === 'done' ? 'teal' : 'electric'}
                aria-hidden
              >
                {state.status === 'done' ? (
                  <IconCircleCheck size={22} />
                ) : state.status === 'failed' ? (
                  <IconAlertTriangle size={22} />
                ) : (
                  <IconUpload size={22} />
                )}
              </ThemeIcon>
              <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm" truncate title={state.name}>
                    {state.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {sizeOf(state.size)}
                  </Text>
                </Group>
                {state.status === 'uploading' ? (
                  <>
                    <Progress
                      value={percent}
                      size="sm"
                      striped={percent >= 100}
                      animated={percent >= 100}
                      aria-label={state.name}
                    />
                    <Text size="xs" c="dimmed" aria-live="polite">
                      {percent >= 100 ? messages.processing : messages.uploading(percent)}
                    </Text>
                  </>
                ) : null}
                {state.status === 'done' ? (
                  <Text size="xs" c="teal" role="status">
                    {messages.uploaded}
                  </Text>
                ) : null}
                {state.status === 'failed' ? (
                  <Text size="sm" c="red" role="alert">
                    {state.error}
                  </Text>
                ) : null}
              </Stack>
              <Group gap={4} wrap="nowrap">
                {state.status === 'failed' && state.retryable ? (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconRefresh size={14} aria-hidden />}
                    onClick={upload.retry}
                  >
                    {messages.retry}
                  </Button>
                ) : null}
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={upload.clear}
                >
                  {messages.remove}
                </Button>
              </Group>
            </Group>
            {state.warning ? (
              <Alert
                mt="sm"
                color="yellow"
                variant="light"
                icon={<IconAlertTriangle />}
                title={messages.warningTitle}
              >
                {state.warning}
              </Alert>
            ) : null}
          </Paper>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}
