import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode, SyntheticEvent } from 'react';

interface ServerError {
  message: ReactNode;
  /** The field's value the server refused; the mark goes away once the value changes. */
  value: unknown;
}

export interface ErrorsAfterSubmit<TransformedValues> {
  /** True once the user has tried to submit the form. */
  attempted: boolean;
  /** A form's onSubmit: marks the attempt, validates, and calls `handler` only with valid values. */
  onSubmit: (
    handler: (values: TransformedValues) => void | Promise<unknown>,
  ) => (event?: SyntheticEvent<HTMLFormElement>) => void;
  /** Marks a field with the server's message (e.g. a taken email) until its value changes. */
  setServerError: (field: string, message: ReactNode) => void;
}

/**
 * Nothing is flagged while a form is filled in for the first time; after the first submit attempt
 * the errors show under the fields and follow the typing (spec 4 and 5, DESIGN.md).
 *
 * Use it with `clearInputErrorOnChange: false` (an error does not blink while it is re-checked) and
 * a `validate` function that keeps its identity between renders (defined outside the component or
 * memoised), because every change re-runs it.
 */
export function useErrorsAfterSubmit<Values extends Record<string, unknown>, TransformedValues = Values>(
  form: UseFormReturnType<Values, TransformedValues>,
): ErrorsAfterSubmit<TransformedValues> {
  const [attempted, setAttempted] = useState(false);
  const serverErrors = useRef(new Map<string, ServerError>());
  const { values } = form;
  // The form's functions are not stable between renders; depending on them made this effect run
  // after every render it caused (an update loop once a page navigated away after a submit).
  const formRef = useRef(form);
  useEffect(() => {
    formRef.current = form;
  });

  // After the first attempt, every change re-checks the form and keeps the server's marks on the
  // fields that still hold the refused value.
  useEffect(() => {
    if (!attempted) return;
    const current = formRef.current;
    current.validate();
    for (const [field, error] of serverErrors.current) {
      if (Object.is(values[field], error.value)) current.setFieldError(field, error.message);
      else serverErrors.current.delete(field);
    }
  }, [attempted, values]);

  return {
    attempted,
    onSubmit: (handler) => (event) => {
      setAttempted(true);
      serverErrors.current.clear();
      form.onSubmit(
        (valid) => handler(valid),
        // Keyboard and screen-reader users land on the first field to fix.
        (invalid) => {
          const fields = Object.keys(invalid)
            .map((field) => form.getInputNode(field))
            .filter((node): node is HTMLElement => node !== null);
          const first = fields.sort((a, b) =>
            a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
          )[0];
          first?.focus();
        },
      )(event);
    },
    setServerError: (field, message) => {
      serverErrors.current.set(field, { message, value: form.getValues()[field] });
      form.setFieldError(field, message);
    },
  };
}
