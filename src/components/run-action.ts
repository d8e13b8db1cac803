"use client";

import { GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import toast from "react-hot-toast";
import { withFieldNames } from "@/lib/field-names";

/**
 * docs/product.md §8 wrapped action: runs an action, shows its error message as a toast, ignores aborts (the user navigated or
 * cancelled), and may show a success message. Returns the result, or undefined when it failed.
 */
export type FieldIssue = { path: string; message: string };

export type RunOptions = {
  success?: string;
  /** Shows bad-input errors under their fields; returns false when none of them is on screen (then a toast says it). */
  onInvalid?: (issues: FieldIssue[], message: string) => boolean;
};

export async function runAction<T>(action: () => Promise<T>, opts: RunOptions = {}): Promise<T | undefined> {
  try {
    const result = await action();
    if (opts.success) toast.success(opts.success);
    return result;
  } catch (err) {
    if (isAbort(err)) return undefined;
    if ((err as { name?: string })?.name === "TimeoutError") {
      toast.error("This is taking too long, please try again");
      return undefined;
    }
    if (opts.onInvalid && isValidation(err) && opts.onInvalid((err as { issues?: FieldIssue[] }).issues ?? [], (err as Error).message)) return undefined;
    toast.error(err instanceof Error && err.message ? withFieldNames(err.message) : GENERIC_ERROR_MESSAGE);
    return undefined;
  }
}

function isValidation(err: unknown): boolean {
  return (err as { code?: string })?.code === "VALIDATION";
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException ? err.name === "AbortError" : (err as { name?: string })?.name === "AbortError";
}
