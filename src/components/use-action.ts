"use client";

import { useCallback, useState } from "react";
import { useTopLoader } from "nextjs-toploader";
import { runAction, type FieldIssue } from "./run-action";
import { SAVED_EVENT } from "./unsaved-changes";
import { fieldInput, type FieldErrorMap } from "./field-errors";
import { fieldError } from "@/lib/field-names";

export type ActionOptions = {
  success?: string;
  /** The field a refusal without a path belongs to (a one-field form: "Domain"), so it shows under that field. */
  field?: string;
};

/**
 * An owner action for a button: `pending` while it runs (the button's loading state), the top progress bar moving
 * meanwhile (docs/product.md §2/§9), an optional success toast. Bad input shows under the fields it names (`errors`,
 * for <FieldErrors value={errors}>, the first one focused); other errors are toasts through runAction.
 */
export function useAction() {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const loader = useTopLoader();
  const run = useCallback(
    async <T,>(action: () => Promise<T>, opts: ActionOptions = {}): Promise<T | undefined> => {
      setPending(true);
      setErrors({});
      loader.start();
      const onInvalid = (issues: FieldIssue[], message: string) => {
        const shown = issues.length ? issues.filter((i) => fieldInput(i.path)) : opts.field && fieldInput(opts.field) ? [{ path: opts.field, message }] : [];
        if (shown.length === 0) return false;
        setErrors(Object.fromEntries(shown.map((i) => [i.path, fieldError(i.path, i.message)])));
        fieldInput(shown[0]!.path)?.focus();
        return true;
      };
      try {
        const result = await runAction(action, { success: opts.success, onInvalid });
        // A change confirmed with a success toast is stored: leaving the screen is safe again (unsaved-changes.tsx).
        if (result !== undefined && opts.success) dispatchEvent(new Event(SAVED_EVENT));
        return result;
      } finally {
        loader.done();
        setPending(false);
      }
    },
    [loader],
  );
  return { pending, errors, run };
}
