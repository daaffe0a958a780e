import { Button, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { COMMENT_MAX, commentText } from '../../../../domain/catalog/item-editor.schemas';
import { useErrorsAfterSubmit } from '../forms';
import { itemKey, targetOf, useModeration } from './comment-target';
import type { Comment, CommentedItem } from './comment-target';
import { CreateCommentMutation } from './comments.documents';
import { commentsMessages as messages } from './comments.messages';
import classes from './item-comments.module.css';

/** Spec 9: toasts close after 5 s. */
const TOAST_MS = 5000;

type CommentValues = { text: string };

const validateComment = (values: CommentValues) => {
  const parsed = commentText.safeParse(values.text);
  return parsed.success ? {} : { text: parsed.error.issues[0]?.message };
};

/**
 * The comment form (spec 4): idle, sending, done. At least 3 characters, flagged only after the
 * first attempt; the toasts of spec 8; once sent, the form locks and the comment goes to the top.
 */
export function CommentForm({
  item,
  onPosted,
}: {
  item: CommentedItem;
  onPosted: (comment: Comment) => void;
}) {
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const [, createComment] = useMutation(CreateCommentMutation);
  const moderation = useModeration();
  const form = useForm<CommentValues>({
    initialValues: { text: '' },
    validate: validateComment,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);

  const send = async (values: CommentValues) => {
    if (state !== 'idle') return;
    setState('sending');
    const toastId = `comment-${itemKey(item)}-${Date.now()}`;
    notifications.show({
      id: toastId,
      loading: true,
      message: messages.sending,
      autoClose: false,
      withCloseButton: false,
    });
    const result = await createComment({ ...targetOf(item), text: values.text.trim(), moderation });
    const comment = result.data?.createComment;
    if (result.error || !comment) {
      console.error('createComment failed', result.error);
      setState('idle');
      notifications.update({
        id: toastId,
        loading: false,
        color: 'red',
        message: messages.failed,
        autoClose: TOAST_MS,
        withCloseButton: true,
      });
      return;
    }
    setState('done');
    onPosted(comment);
    notifications.update({
      id: toastId,
      loading: false,
      color: 'teal',
      message: messages.sent,
      autoClose: TOAST_MS,
      withCloseButton: true,
    });
  };

  const locked = state !== 'idle';
  return (
    <form className={classes.form} onSubmit={errors.onSubmit(send)} noValidate>
      <Textarea
        label={messages.writeLabel}
        placeholder={messages.placeholder[item.kind]}
        autosize
        minRows={2}
        maxRows={10}
        maxLength={COMMENT_MAX}
        disabled={locked}
        description={state === 'done' ? messages.done : undefined}
        {...form.getInputProps('text')}
      />
      <Button
        type="submit"
        className={classes.formButton}
        loading={state === 'sending'}
        disabled={state === 'done'}
        leftSection={
          state === 'done' ? <IconCheck size={18} aria-hidden /> : <IconSend size={18} aria-hidden />
        }
      >
        {state === 'done' ? messages.sentButton : messages.send}
      </Button>
    </form>
  );
}
