import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../../shared/session';
import { getJson, type Fetched } from './tax-document-api';

/**
 * What the documents' API answers for `path`, null while it is asked; `retry()` asks again. A sign-in
 * asks again too (the session decides what may be read). An answer for an earlier path is never shown.
 */
export function useDocumentAnswer<T>(path: string) {
  const { user } = useSession();
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ path: string; fetched: Fetched<T> } | null>(null);
  useEffect(() => {
    let current = true;
    void getJson<T>(path).then((fetched) => {
      if (current) setAnswer({ path, fetched });
    });
    return () => {
      current = false;
    };
  }, [path, attempt, user?.id]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { fetched: answer?.path === path ? answer.fetched : null, attempt, retry };
}
