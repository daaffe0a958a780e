import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState, type SyntheticEvent } from 'react';
import { useMutation } from 'urql';
import type { CombinedError } from 'urql';
import { skinChangelog } from '../../../../../domain/community/skin-version.schemas';
import { useErrorsAfterSubmit } from '../../../shared/forms';
import { useFileUpload } from '../uploads';
import { PublishSkinVersionMutation } from '../lib/skin-versions.documents';
import { publishVersionMessages as messages } from '../publish-version.messages';

/** Spec 9: toasts close after 5 s. */
const TOAST_MS = 5000;

type VersionValues = { changelog: string };

const validateVersion = (values: VersionValues) => {
  const parsed = skinChangelog.safeParse(values.changelog);
  return parsed.success ? {} : { changelog: parsed.error.issues[0]?.message };
};

function refusalOf(error: CombinedError | undefined): { field: string | null; message: string } | null {
  const first = error?.graphQLErrors[0];
  if (!first || first.extensions?.code !== 'BAD_USER_INPUT') return null;
  const field = typeof first.extensions.field === 'string' ? first.extensions.field : null;
  return { field, message: first.message };
}

/**
 * The state of "Publish a new version": the new ZIP (uploaded at once, as the source upload is),
 * the changelog form, what is wrong with either after an attempt, and the publish itself.
 */
export function usePublishVersion(skinId: string) {
  const zip = useFileUpload('SKIN_SOURCE');
  const [attempted, setAttempted] = useState(false);
  // The server's refusal of the uploaded file (the same as the current one): shown until another is picked.
  const [fileRefusal, setFileRefusal] = useState<{ id: string; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [{ fetching }, publish] = useMutation(PublishSkinVersionMutation);
  const form = useForm<VersionValues>({
    initialValues: { changelog: '' },
    validate: validateVersion,
    clearInputErrorOnChange: false,
  });
  const errors = useErrorsAfterSubmit(form);

  const zipProblem = () => {
    const state = zip.state;
    if (!state) return messages.zipRequired;
    if (state.status === 'uploading') return messages.zipUploading;
    if (state.status === 'failed' || !state.id) return messages.zipFailed;
    return null;
  };
  const zipError = attempted
    ? (zipProblem() ?? (fileRefusal && fileRefusal.id === zip.state?.id ? fileRefusal.message : null))
    : null;

  const submit = async (values: VersionValues) => {
    const file = zip.state?.id;
    setFailure(null);
    if (zipProblem() || !file) return;
    const result = await publish({ skinId, file, changelog: values.changelog });
    const published = result.data?.publishSkinVersion;
    if (result.error || !published) {
      const refusal = refusalOf(result.error);
      if (refusal?.field === 'changelog') errors.setServerError('changelog', refusal.message);
      else if (refusal?.field === 'file') setFileRefusal({ id: file, message: refusal.message });
      else setFailure(refusal?.message ?? messages.failed);
      if (!refusal) console.error('publishSkinVersion failed', result.error);
      return;
    }
    notifications.show({
      color: 'teal',
      message: messages.published(published.version),
      autoClose: TOAST_MS,
    });
    form.reset();
    zip.clear();
    setAttempted(false);
    setFileRefusal(null);
  };

  const onSubmit = (event?: SyntheticEvent<HTMLFormElement>) => {
    setAttempted(true);
    errors.onSubmit(submit)(event);
  };
  return { zip, zipError, form, failure, publishing: fetching, onSubmit };
}
